// hls.js ships its light build (no in-stream subtitles, alternate audio or DRM: this app's
// captions are WebVTT <track>s) without its own type declarations; it has the full build's API.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
  export * from 'hls.js';
}
