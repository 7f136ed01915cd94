// Applied synchronously in <head> so the first paint already has the right theme (no flash).
(function () {
  var theme = null;
  try {
    theme = localStorage.getItem('theme');
  } catch (e) {
    /* storage blocked: fall through to the default */
  }
  if (theme !== 'light' && theme !== 'dark') theme = 'dark';
  document.documentElement.setAttribute('data-theme', theme);
})();
