import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isTrustedSocket, socketCandidate } from "./local-socket.ts";

// Which URLs may go over the local socket (local-socket.ts); that it then reaches the same server
// is checked against a real one in connect.int.test.ts.
const socketAt = (folder: string) => (file: string) => file === `${folder}/.s.PGSQL.5432`;

describe("the local socket a PostgreSQL URL may use", () => {
  it("a loopback URL goes to the first usual folder holding a socket for its port, with its user, password and database kept", () => {
    const candidate = socketCandidate("postgres://clinic:p%40ss@127.0.0.1:5432/portal", socketAt("/run/postgresql"));
    expect(candidate).toBe("postgres://clinic:p%40ss@127.0.0.1:5432/portal?host=%2Frun%2Fpostgresql");
    expect(socketCandidate("postgres://clinic@localhost/portal", socketAt("/var/run/postgresql"))).toBe("postgres://clinic@localhost/portal?host=%2Fvar%2Frun%2Fpostgresql");
    // /tmp is nobody's: a socket there could be anyone's fake server, sent the password before any check.
    expect(socketCandidate("postgres://clinic@localhost/portal", socketAt("/tmp"))).toBeUndefined();
  });

  it("keeps the URL as given for another machine, another port's socket, a host or TLS the URL asks for, or no socket at all", () => {
    const anywhere = () => true;
    expect(socketCandidate("postgres://clinic@db.internal:5432/portal", anywhere)).toBeUndefined();
    expect(socketCandidate("postgres://clinic@127.0.0.1:5433/portal", socketAt("/var/run/postgresql"))).toBeUndefined();
    expect(socketCandidate("postgres://clinic@127.0.0.1:5432/portal?host=127.0.0.1", anywhere)).toBeUndefined();
    expect(socketCandidate("postgres://clinic@127.0.0.1:5432/portal?sslmode=require", anywhere)).toBeUndefined();
    expect(socketCandidate("postgres://clinic@127.0.0.1:5432/portal", () => false)).toBeUndefined();
    expect(socketCandidate("not a url", anywhere)).toBeUndefined();
  });

  it("trusts a socket only where nobody but the folder's owner can have made it", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "socket-"));
    const file = path.join(folder, ".s.PGSQL.5432");
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(file, resolve));
    try {
      expect(isTrustedSocket(file)).toBe(true);
      expect(isTrustedSocket(path.join(folder, ".s.PGSQL.5433"))).toBe(false);
      // Its own folder made writable by everyone, as /tmp is: anyone could have put it there.
      await chmod(folder, 0o777);
      expect(isTrustedSocket(file)).toBe(false);
      // A plain file is no socket.
      expect(isTrustedSocket(path.join(import.meta.dirname, "local-socket.ts"))).toBe(false);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(folder, { recursive: true, force: true });
    }
  });
});
