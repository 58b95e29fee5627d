import { describe, expect, it } from "vitest";
import { socketCandidate } from "./local-socket.ts";

// Which URLs may go over the local socket (local-socket.ts); that it then reaches the same server
// is checked against a real one in connect.int.test.ts.
const socketAt = (folder: string) => (file: string) => file === `${folder}/.s.PGSQL.5432`;

describe("the local socket a PostgreSQL URL may use", () => {
  it("a loopback URL goes to the first usual folder holding a socket for its port, with its user, password and database kept", () => {
    const candidate = socketCandidate("postgres://clinic:p%40ss@127.0.0.1:5432/portal", socketAt("/run/postgresql"));
    expect(candidate).toBe("postgres://clinic:p%40ss@127.0.0.1:5432/portal?host=%2Frun%2Fpostgresql");
    expect(socketCandidate("postgres://clinic@localhost/portal", socketAt("/tmp"))).toBe("postgres://clinic@localhost/portal?host=%2Ftmp");
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
});
