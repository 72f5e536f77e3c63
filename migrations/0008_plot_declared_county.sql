ALTER TABLE `land_plots` ADD `declared_county` text;--> statement-breakpoint
-- `county` now holds the county derived from the boundary data. Plots stored before
-- kept the declared (farmer's) county there: keep it as declared; `county` is re-derived when
-- a plot is next validated (docs/decisions/016-liberia-borders-and-counties.md).
UPDATE `land_plots` SET `declared_county` = `county`;
