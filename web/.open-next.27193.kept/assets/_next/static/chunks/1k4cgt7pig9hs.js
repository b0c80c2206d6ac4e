(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,92343,e=>{"use strict";var t=e.i(57727),r=e.i(84364),i=e.i(71645);e.s(["default",0,function({url:e,fileName:o}){let[a,s]=(0,i.useState)(),[l,n]=(0,i.useState)();return((0,i.useEffect)(()=>{let t=!0;return e().then(e=>t&&s(e),e=>t&&n(e.message)),()=>{t=!1}},[e]),l)?(0,t.j)("p",{role:"alert",children:["The preview could not be loaded: ",l]}):a?(0,t.s)("img",{src:a,alt:o,referrerPolicy:"no-referrer","data-testid":"image-preview",onError:()=>n("the image could not be shown."),css:r.m`
        display: block;
        max-width: 100%;
        height: auto;
        margin: 0 auto;
      `}):(0,t.s)("p",{role:"status",children:"Loading the preview…"})}])}]);