-- rtm_month_statuses is written in bulk (issue 36): a new month brings a row per patient at once
-- (100,000 at a large institution), a new day re-judges many, and the default autovacuum factors
-- (analyse after 10 %, vacuum after 20 % of a table holding every past month) left a fresh month
-- never analysed (the planner expected 1 row and read 100,000) and its dead placeholder versions
-- in every index. Absolute thresholds and small factors here; the background pass also runs
-- VACUUM (ANALYZE) itself after a pass that stored many statuses. No lower fill factor: every update
-- of a row moves `stale` or `valid_until`, which rtm_month_statuses_fresh_idx INCLUDEs, so none can
-- be a HOT update whatever room the page has.
ALTER TABLE "rtm_month_statuses" SET (
  autovacuum_analyze_threshold = 1000,
  autovacuum_analyze_scale_factor = 0.01,
  autovacuum_vacuum_threshold = 1000,
  autovacuum_vacuum_scale_factor = 0.02,
  autovacuum_vacuum_insert_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0.02
);
