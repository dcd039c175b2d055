/** Stylesheets are imported as text (webpack asset/source) and put in a <style> by the component. */
declare module '*.css' {
  const css: string;
  export default css;
}
