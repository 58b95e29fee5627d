import { statSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * PostgreSQL over its Unix socket when the URL names this machine (issue 36, "PostgreSQL over its
 * Unix socket when local"). Every statement is a socket write; over loopback TCP each one also
 * goes through the kernel's TCP stack on both ends. Measured at the 100,000-patient seed (docs/
 * server.md, "At 100,000 patients"): one arriving session takes the same on a quiet machine, and
 * took 10.3-10.7 ms at the median over the socket against 16.0-16.1 over 127.0.0.1 while the
 * database server was busy with other connections.
 *
 * The socket is used only when it is certain to reach the same server: the URL's host is a
 * loopback name and it sets neither `host` (the operator chose) nor `sslmode` (TLS is asked for,
 * which a socket does not carry); a socket file for the URL's port, made by its folder's owner,
 * exists in one of the system's folders; and a connection through it, with the URL's own user,
 * password and database, answers the same postmaster start time and port as one over TCP. Anything else (no socket, peer
 * authentication refusing the user, another server on the socket) keeps the URL as given.
 * `?host=127.0.0.1` in the URL keeps TCP on purpose.
 */

/**
 * Where Debian's and Red Hat's PostgreSQL put their sockets. Not /tmp (upstream's default): anyone
 * on the machine may create a socket there, and a fake server on it would be sent the URL's
 * password before the identity check below could tell it apart.
 */
export const SOCKET_FOLDERS = ["/var/run/postgresql", "/run/postgresql"] as const;

/**
 * A socket file that only its folder's owner could have made: the folder is not writable by
 * everyone and the socket belongs to the folder's owner (the postgres user, in practice).
 */
export const isTrustedSocket = (file: string): boolean => {
  try {
    const socket = statSync(file);
    const folder = statSync(path.dirname(file));
    return socket.isSocket() && (folder.mode & 0o002) === 0 && socket.uid === folder.uid;
  } catch {
    return false;
  }
};

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/**
 * The URL with `?host=` naming the socket folder where a trusted socket for its port is, or
 * undefined when the URL does not name this machine, says how to connect itself, or none is there.
 */
export const socketCandidate = (databaseUrl: string, trusted: (file: string) => boolean = isTrustedSocket): string | undefined => {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return undefined;
  }
  if (!LOOPBACK_HOSTS.has(url.hostname) || url.searchParams.has("host") || url.searchParams.has("sslmode") || url.searchParams.has("ssl")) return undefined;
  const port = url.port === "" ? "5432" : url.port;
  const folder = SOCKET_FOLDERS.find((candidate) => trusted(path.join(candidate, `.s.PGSQL.${port}`)));
  if (folder === undefined) return undefined;
  url.searchParams.set("host", folder);
  return url.toString();
};

// The same server answers the same postmaster start time on the same port (both readable by anyone).
const IDENTITY = "select pg_postmaster_start_time()::text as started, current_setting('port') as port";

const identityOf = async (connectionString: string): Promise<string> => {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  client.on("error", () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ started: string; port: string }>(IDENTITY);
    return `${rows[0]?.started ?? ""} ${rows[0]?.port ?? ""}`;
  } finally {
    await client.end();
  }
};

/** The URL to connect with: through the local socket when it reaches the very server the URL names, else the URL as given. */
export const preferLocalSocket = async (databaseUrl: string): Promise<string> => {
  const candidate = socketCandidate(databaseUrl);
  if (candidate === undefined) return databaseUrl;
  try {
    const [overSocket, overTcp] = await Promise.all([identityOf(candidate), identityOf(databaseUrl)]);
    return overSocket === overTcp ? candidate : databaseUrl;
  } catch {
    // The socket refused (peer authentication, say) or TCP did: the pool's own first query reports the URL's error.
    return databaseUrl;
  }
};
