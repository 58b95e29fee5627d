-- Issue 31: a game an institution stops offering pauses its patients' live assignments (stamped here)
-- instead of ending them, so offering it again brings back exactly those, limits and all.
ALTER TABLE "patient_game_levels" ADD COLUMN "paused_by_institution_at" timestamp with time zone;