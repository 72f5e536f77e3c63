// Seeds the local D1 state with demo data when demo mode is on (the local default).
// Later issues add demo accounts and records here; it is idempotent.
console.log("Demo data: nothing to seed yet.");
