// Loaded before any page script by tests/browser/test_csp.py (Playwright's add_init_script with a path,
// not an inline script): keeps every Content-Security-Policy violation where the test can read it.
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`,
  );
});
