import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";

/**
 * One statement as node-postgres sent it: its text, its parameter values, and whether the portal
 * sent it unnamed on purpose, to be planned on each call (`PLANNED_PER_CALL`, the empty name, in
 * server/db/prepared.ts).
 */
export type RecordedStatement = { readonly text: string; readonly values: readonly unknown[]; readonly plannedPerCall: boolean };

type QueryArgs = [unknown, unknown?];

/**
 * Records every statement the process sends through node-postgres while `during` runs: what one
 * portal request costs the database, to be replayed by the bare server below.
 */
export const recordStatements = async (during: () => Promise<void>): Promise<RecordedStatement[]> => {
  const recorded: RecordedStatement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: QueryArgs) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: QueryArgs) {
    const [config, values] = args;
    if (typeof config === "string") recorded.push({ text: config, values: Array.isArray(values) ? values : [], plannedPerCall: false });
    else if (typeof config === "object" && config !== null && "text" in config && typeof config.text === "string") {
      const own = "values" in config && Array.isArray(config.values) ? config.values : [];
      const plannedPerCall = "name" in config && config.name === "";
      recorded.push({ text: config.text, values: Array.isArray(values) ? values : own, plannedPerCall });
    }
    return original.apply(this, args);
  };
  try {
    await during();
  } finally {
    proto.query = original;
  }
  return recorded;
};

/**
 * The SQL floor of a read: a bare Fastify server whose route runs the statements one portal
 * request ran, in the same order, each a named prepared statement on its own pool of the same
 * database, and answers every row they returned as JSON. A statement the portal plans on each
 * call on purpose (its generic plan is wrong at a large institution's size) is replayed unnamed
 * too: its planning is the SQL's cost, not the portal's, and a cached plan the portal declines
 * would make a floor no correct server can reach. Any other statement the portal sends unnamed
 * is replayed named, so an unprepared read still shows its parsing and planning as the gap. No authentication, decoding, scope,
 * query building or mapping: what is left is the database's work, the driver and one
 * serialisation, which is what the portal's time is compared with.
 */
export const bareReplayServer = async (connectionString: string, routes: ReadonlyMap<string, readonly RecordedStatement[]>): Promise<{ app: FastifyInstance; close: () => Promise<void> }> => {
  const pool = new pg.Pool({ connectionString, max: 4 });
  pool.on("error", () => undefined);
  const app = Fastify({ logger: false });
  let route = 0;
  for (const [url, statements] of routes) {
    route += 1;
    const named = statements.map((statement, index) => ({
      ...(statement.plannedPerCall ? {} : { name: `bare_${route}_${index}` }),
      text: statement.text,
      values: [...statement.values],
    }));
    app.get(url, async (_request, reply) => {
      const rows: unknown[] = [];
      for (const query of named) rows.push((await pool.query(query)).rows);
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(rows));
    });
  }
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
};
