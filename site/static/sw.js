// Service worker: the runtime (Pyodide and the engine wheel) comes from the cache after the first visit,
// and every page or asset seen once is there when the network is not. The build hash in this script's
// URL names the cache, so a new build starts a new cache and the old one is deleted.
// Everything is kept by its path alone: the site is static files, whose content never depends on the query
// string (?seed=5&rules=fan-tan is the same play/index.html as ?seed=6), so the cache holds at most one entry per
// file of the site, however many addresses are visited.

const BUILD = new URL(self.location.href).searchParams.get("build") || "dev";
const CACHE = `sevens-${BUILD}`;
const ROOT = new URL("./", self.location.href);
const RUNTIME = new URL("runtime/", ROOT);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const manifest = await (await fetch(new URL("manifest.json", RUNTIME), { cache: "no-cache" })).json();
      const runtime = Object.keys(manifest.files).map((path) => new URL(path, RUNTIME).href);
      await cache.addAll([...runtime, new URL("manifest.json", RUNTIME).href]);
      // Pages and assets are a bonus: a missing one must not stop the runtime from being cached.
      const site = [...(manifest.pages ?? []), ...(manifest.assets ?? [])];
      await Promise.allSettled(site.map((path) => cache.add(new URL(path, ROOT).href)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("sevens-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// The cache's key for *request*: its address without the query string or the fragment.
function keyOf(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  return url.href;
}

function isRuntimeFile(url) {
  return url.href.startsWith(RUNTIME.href) && !url.pathname.endsWith("/manifest.json");
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(keyOf(request));
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(keyOf(request), response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(keyOf(request), response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(keyOf(request));
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !url.href.startsWith(ROOT.href)) return;
  event.respondWith(isRuntimeFile(url) ? cacheFirst(event.request) : networkFirst(event.request));
});
