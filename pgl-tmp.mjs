import { PGlite } from "@electric-sql/pglite";
const file = await PGlite.create(process.argv[2]);
const dump = await file.dumpDataDir("none");
const mem = await PGlite.create({ loadDataDir: dump });
const sid = (await file.query("select id from sessions limit 1")).rows[0].id;
const cid = (await file.query("select company_id from users where email='admin@fieldwise.demo'")).rows[0].company_id;
const access = `select u.id, u.email, c.business_name, s.status, p.name, coalesce((select array_agg(pf.feature_id) from plan_features pf where pf.plan_id = s.plan_id), '{}') from sessions se join users u on u.id = se.user_id join companies c on c.id = u.company_id left join subscriptions s on s.company_id = c.id left join plans p on p.id = s.plan_id where se.id = $1 and se.expires_at > now() and u.deleted_at is null limit 1`;
const tags = `select id, name from tags where company_id = $1 and type = $2 order by lower(name), id`;
for (const [label, db] of [["file", file], ["memory", mem]]) {
  for (const [name, sql, params] of [["select 1", "select 1", []], ["access", access, [sid]], ["tags", tags, [cid, 0]]]) {
    for (let i = 0; i < 100; i++) await db.query(sql, params);
    const t = performance.now(); const N = 1000;
    for (let i = 0; i < N; i++) await db.query(sql, params);
    console.log(label, name, ((performance.now() - t) / N).toFixed(3), "ms");
  }
}
console.log((await file.query("show shared_buffers")).rows, (await file.query("show work_mem")).rows);
