-- Issue 36, arrivals: every rate-limited call (each upload from a patient's device, each sign-in step)
-- upserts its counter in a transaction of its own, and its commit waited for the WAL to reach the disk:
-- measured on PostgreSQL 15, the upsert took 0.44-0.49 ms at p50 and 6-7 ms at p99 logged, 0.10-0.14 ms
-- and 0.4-4 ms unlogged (3,000 upserts over 40 keys). A counter is worth a window of at most
-- 15 minutes and says nothing about anyone's data or actions: a crash of the database (not a clean
-- restart) empties an unlogged table, and a promoted standby starts with it empty, which only opens
-- the per-address windows again (docs/security.md, "Attempt limits"). The per-account limits live in
-- sign_in_guards and auth_sessions, which stay logged.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
