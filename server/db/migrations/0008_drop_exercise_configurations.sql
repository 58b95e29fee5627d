ALTER TABLE "patient_game_levels" DROP CONSTRAINT "patient_game_levels_exercise_configuration_id_exercise_configurations_id_fk";--> statement-breakpoint
ALTER TABLE "patient_game_levels" DROP COLUMN "exercise_configuration_id";--> statement-breakpoint
DROP TABLE "exercise_configurations";
