CREATE TABLE "mobile_session_receipts" (
	"patient_id" integer NOT NULL,
	"client_session_id" uuid NOT NULL,
	"session_id" integer,
	"device_id" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mobile_session_receipts_patient_id_client_session_id_pk" PRIMARY KEY("patient_id","client_session_id"),
	CONSTRAINT "mobile_session_receipts_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "patient_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"label" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_user_id" integer,
	CONSTRAINT "patient_devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "mobile_session_receipts" ADD CONSTRAINT "mobile_session_receipts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_session_receipts" ADD CONSTRAINT "mobile_session_receipts_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_session_receipts" ADD CONSTRAINT "mobile_session_receipts_device_id_patient_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."patient_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD CONSTRAINT "patient_devices_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD CONSTRAINT "patient_devices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD CONSTRAINT "patient_devices_revoked_by_user_id_users_id_fk" FOREIGN KEY ("revoked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobile_session_receipts_device_idx" ON "mobile_session_receipts" USING btree ("device_id","received_at");--> statement-breakpoint
CREATE INDEX "patient_devices_patient_idx" ON "patient_devices" USING btree ("patient_id","created_at");