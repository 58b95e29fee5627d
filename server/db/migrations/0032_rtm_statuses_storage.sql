-- rtm_month_statuses is written in bulk (issue 36): a new month brings a row per patient at once
-- (100,000 at a large institution), a new day re-judges many, and the default autovacuum factors
-- (analyse after 10 %, vacuum after 20 % of a table holding every past month) left a fresh month
-- never analysed (the planner expected 1 row and read 100,000) and its dead placeholder versions
-- in every index. Absolute thresholds and small factors here; the background pass also runs
-- VACUUM (ANALYZE) itself after a pass that stored many statuses. A fill factor of 80 leaves room on
-- each page for the updates that keep a row's status (stale -> fresh, the placeholder judged to the
-- same status): those stay HOT and write no index entry.
ALTER TABLE "rtm_month_statuses" SET (
  fillfactor = 80,
  autovacuum_analyze_threshold = 1000,
  autovacuum_analyze_scale_factor = 0.01,
  autovacuum_vacuum_threshold = 1000,
  autovacuum_vacuum_scale_factor = 0.02,
  autovacuum_vacuum_insert_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0.02
);
