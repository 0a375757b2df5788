/**
 * Page views, landings by source, Web Vitals histograms, a day at a time (src/server/analytics/):
 * no visitor's address or identifier, only the day's salt and the salted hashes of the day's
 * visitors, both deleted when the day is over.
 */
import { run, type Step } from "./statements.ts";

export const up: Step = (database, db) =>
  run(
    database,
    db,
    `CREATE TABLE analytics_salts (day text PRIMARY KEY, salt text NOT NULL)`,
    `CREATE TABLE analytics_seen (day text NOT NULL, visitor text NOT NULL, CONSTRAINT analytics_seen_pkey PRIMARY KEY (day, visitor))`,
    `CREATE TABLE analytics_pages (day text NOT NULL, path text NOT NULL, views integer NOT NULL, visitors integer NOT NULL,
         CONSTRAINT analytics_pages_pkey PRIMARY KEY (day, path))`,
    `CREATE TABLE analytics_sources (day text NOT NULL, landing text NOT NULL, source text NOT NULL, medium text NOT NULL,
         campaign text NOT NULL, visits integer NOT NULL, CONSTRAINT analytics_sources_pkey PRIMARY KEY (day, landing, source, medium, campaign))`,
    `CREATE TABLE analytics_vitals (day text NOT NULL, path text NOT NULL, metric text NOT NULL, bucket integer NOT NULL, samples integer NOT NULL,
         CONSTRAINT analytics_vitals_pkey PRIMARY KEY (day, path, metric, bucket))`,
  );
