CREATE TABLE "property_answers" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"grass_overgrown" boolean NOT NULL,
	"is_community_gate" boolean NOT NULL,
	"is_backyard_gate" boolean NOT NULL,
	"is_gate_locked" boolean,
	"wants_combo_lock" boolean,
	"is_flower_beds" boolean NOT NULL,
	"line_trim_beds" boolean,
	"beds_could_be_damaged" boolean,
	"is_pets_backyard" boolean NOT NULL,
	"pets_mow_around" varchar(20),
	"is_fence_plastic" boolean NOT NULL,
	"is_above_ground_pool" boolean NOT NULL,
	"is_trampoline" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_answers_pets_mow_around_check" CHECK ("property_answers"."pets_mow_around" in ('Yes', 'yes_knock'))
);
--> statement-breakpoint
CREATE TABLE "property_liability_releases" (
	"property_id" integer NOT NULL,
	"item" varchar(30) NOT NULL,
	"accepted" boolean NOT NULL,
	"accepted_by_user_id" integer,
	"accepted_by" varchar(101) NOT NULL,
	"accepted_from_ip" varchar(64),
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "property_liability_releases_property_id_item_pk" PRIMARY KEY("property_id","item"),
	CONSTRAINT "property_liability_releases_item_check" CHECK ("property_liability_releases"."item" in ('isFlowerBeds', 'isPetsBackyard', 'isFencePlastic', 'isAboveGroundPool', 'isTranpoline'))
);
--> statement-breakpoint
ALTER TABLE "property_answers" ADD CONSTRAINT "property_answers_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_liability_releases" ADD CONSTRAINT "property_liability_releases_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_liability_releases" ADD CONSTRAINT "property_liability_releases_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_liability_releases_user_idx" ON "property_liability_releases" USING btree ("accepted_by_user_id");