// Runtime configuration of the console (spec section 1). Replace this file at deploy time (or set
// BACKOFFICE_CONFIG for scripts/serve.mjs): no rebuild needed.
//   live: true  -> production values derived from the page's own origin ({origin}/api ...)
//   live: false -> development values (API http://localhost:3000/api, app http://localhost:3001)
// Any of apiBaseUrl, assetsUrl, appUrl set here wins over both.
window.__BACKOFFICE_CONFIG__ = { live: false };
