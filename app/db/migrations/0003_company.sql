CREATE TABLE "company_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"message_on_invoice" text,
	"message_on_estimate" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"value" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_list_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"category_name" text NOT NULL,
	"type" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"color" text,
	"unit_cost_type" integer DEFAULT 0 NOT NULL,
	"description" text,
	"is_taxable" boolean DEFAULT false NOT NULL,
	"item_type" integer NOT NULL,
	"image_url" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "price_list_items"."name" || ' ' || coalesce("price_list_items"."description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_codes" ADD CONSTRAINT "expense_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_categories" ADD CONSTRAINT "price_list_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_category_id_price_list_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."price_list_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_settings_updated_idx" ON "company_settings" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_company_name_unique" ON "discounts" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "expense_codes_company_name_unique" ON "expense_codes" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_company_name_unique" ON "tax_rates" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_categories_company_name_unique" ON "price_list_categories" USING btree ("company_id",lower("category_name"));--> statement-breakpoint
CREATE INDEX "price_list_items_category_name_idx" ON "price_list_items" USING btree ("category_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "price_list_items_company_type_name_idx" ON "price_list_items" USING btree ("company_id","item_type",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "price_list_items_company_name_idx" ON "price_list_items" USING btree ("company_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "price_list_items_search_idx" ON "price_list_items" USING gin ("search_vector");