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
  // The home page's HTML comes with its first screen painted in this theme (the server reads it).
  document.cookie = 'theme=' + theme + '; path=/; max-age=31536000; SameSite=Lax';
})();
