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

// On the home page the server draws the first screen into the HTML and leaves the app's scripts
// to this script (data-entry, data-preload): they are asked for once that screen has been painted,
// so that fetching and compiling them cannot hold the first paint back. A hidden tab paints no
// frames: there they start at once.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preload = (script.getAttribute('data-preload') || '').split(' ');
  var started = false;
  var start = function () {
    if (started) return;
    started = true;
    for (var i = 0; i < preload.length; i++) {
      if (!preload[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    var main = document.createElement('script');
    main.type = 'module';
    main.crossOrigin = '';
    main.src = entry;
    document.head.appendChild(main);
  };
  if (document.visibilityState === 'hidden') return start();
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  // However the frames go, the app starts.
  setTimeout(start, 300);
})();
