// Certificate benchmark: per document type, the time of a first generation (the
// content is built, the PDF drawn, numbered, recorded in D1 and stored in R2) against a cached
// download (the stored R2 object streamed back), and a conditional GET answered 304.
// First generations: the first request (a POST: GET only serves) for each of the three test profiles on fresh bench state
// (median of 3); cached: p50 of 20 sequential downloads of profile 1. The server says which path
// it took (X-Certificate-Source), so a "first" request that was already cached is reported.
// Figures are printed, never asserted.
const TYPES = [
  ["eudr", "eudr-certificate"],
  ["deforestation", "deforestation-certificate"],
  ["phytosanitary", "phytosanitary-certificate"],
  ["origin", "origin-certificate"],
  ["quality", "quality-certificate"],
  // Last: the declaration names the other five, which are then already issued.
  ["declaration", "compliance-declaration"],
];
const CACHED_RUNS = 20;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function timed(url, headers, method = "GET") {
  const t = performance.now();
  const res = await fetch(url, { headers, method });
  const body = new Uint8Array(await res.arrayBuffer());
  return {
    ms: performance.now() - t,
    status: res.status,
    source: res.headers.get("x-certificate-source"),
    etag: res.headers.get("etag"),
    bytes: body.length,
  };
}

export async function certificatesBench({ BASE }) {
  // The test documents need a staff sign-in (ADR: certificates): the demo DG account.
  const login = await fetch(`${BASE}/api/auth/dg-login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.80.0.1" },
    body: JSON.stringify({ username: "dg.lacra", password: "Director#2026", departmentLevel: "dg" }),
  });
  if (login.status !== 200) {
    console.log(`\nCertificates: skipped (demo DG account not available: HTTP ${login.status})`);
    return;
  }
  const { token } = await login.json();
  const auth = { Authorization: `Bearer ${token}` };

  console.log(
    "\nCertificates: first generation (median of the 3 test profiles) vs cached download (p50 of 20), sequential",
  );
  console.log("type            first ms   cached p50   cached p99   304 p50   ratio   size KiB   notes");
  for (const [type, path] of TYPES) {
    const first = [];
    const notes = new Set();
    let size = 0;
    let etag = null;
    for (const id of [1, 2, 3]) {
      // Issuing is a POST; GET serves what was issued.
      const r = await timed(`${BASE}/api/test/${path}/${id}`, auth, "POST");
      if (r.status !== 200) {
        notes.add(`HTTP ${r.status}`);
        continue;
      }
      if (r.source !== "generated") notes.add(`id ${id} was already ${r.source}`);
      first.push(r.ms);
      if (id === 1) {
        size = r.bytes;
        etag = r.etag;
      }
    }
    const cached = [];
    for (let i = 0; i < CACHED_RUNS; i++) {
      const r = await timed(`${BASE}/api/test/${path}/1`, auth);
      if (r.source !== "stored") notes.add(`cached run ${i + 1} was ${r.source ?? `HTTP ${r.status}`}`);
      cached.push(r.ms);
    }
    const notModified = [];
    for (let i = 0; etag && i < CACHED_RUNS; i++) {
      const r = await timed(`${BASE}/api/test/${path}/1`, { ...auth, "If-None-Match": etag });
      if (r.status !== 304) notes.add(`conditional GET answered ${r.status}`);
      notModified.push(r.ms);
    }
    const f = first.length ? median(first) : NaN;
    const c = pct(cached, 50);
    console.log(
      `${type.padEnd(14)} ${f.toFixed(0).padStart(9)} ${c.toFixed(1).padStart(12)} ${pct(cached, 99).toFixed(1).padStart(12)} ${(notModified.length ? pct(notModified, 50) : NaN).toFixed(1).padStart(9)} ${`${(f / c).toFixed(1)}×`.padStart(7)} ${(size / 1024).toFixed(1).padStart(10)}   ${[...notes].join("; ")}`,
    );
  }
}

export default certificatesBench;
