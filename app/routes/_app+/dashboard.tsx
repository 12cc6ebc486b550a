import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { onboardingSteps } from "~/models/company/onboarding.server";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, user } = await requireAccess({ request, context }, screens.dashboard);
  const steps = await onboardingSteps(ctx);
  return json({
    firstName: user.firstName,
    steps: steps.map(({ actionType, title, to, tip, isDone }) => ({ actionType, title, to, tip, isDone })),
  });
}

export default function DashboardRoute() {
  const { firstName, steps } = useLoaderData<typeof loader>();
  const done = steps.filter((s) => s.isDone).length;
  return (
    <>
      <PageHeader title={`Welcome, ${firstName}`} />
      <section className="card stack" aria-labelledby="onboarding-title">
        <div>
          <h2 id="onboarding-title">Get set up</h2>
          <p className="muted">
            {done} of {steps.length} steps done
          </p>
          <div
            className="progress"
            role="progressbar"
            aria-label="Onboarding progress"
            aria-valuemin={0}
            aria-valuemax={steps.length}
            aria-valuenow={done}
          >
            <span style={{ width: `${(done / steps.length) * 100}%` }} />
          </div>
        </div>
        <ol className="checklist">
          {steps.map((step) => (
            <li key={step.actionType} className={step.isDone ? "done" : undefined}>
              <span className="tick" aria-hidden="true">
                {step.isDone ? "✓" : ""}
              </span>
              <div className="spacer">
                <Link to={step.to} className="step-title">
                  {step.title}
                </Link>
                <span className="visually-hidden">{step.isDone ? " (done)" : " (to do)"}</span>
                <div className="muted">{step.tip}</div>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Dashboard | Fieldwise" }];
