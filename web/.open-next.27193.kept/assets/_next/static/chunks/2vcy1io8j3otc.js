(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,38367,e=>{"use strict";var r=e.i(57727),i=e.i(84364),l=e.i(71645),o=e.i(98313);let n=i.m`
  display: flex;
  gap: 0.75rem;
  justify-content: flex-end;
  flex-wrap: wrap;
`;e.s(["h",0,({open:e,labelledBy:n,onCancel:c,children:a})=>{let d=(0,l.useRef)(null);return(0,l.useEffect)(()=>{let r=d.current;r&&(e&&!r.open&&r.showModal(),!e&&r.open&&r.close())},[e]),(0,r.s)("dialog",{ref:d,"aria-labelledby":n,onCancel:e=>{e.preventDefault(),c()},css:i.m`
        border: 1px solid ${o.B.color.border};
        border-radius: ${o.B.radius};
        padding: 1.25rem;
        width: min(28rem, calc(100vw - 2rem));
        box-sizing: border-box;
        background: ${o.B.color.surface};
        color: ${o.B.color.text};
        &::backdrop {
          background: rgb(17 24 39 / 50%);
        }
      `,children:a})},"B",0,n])},96468,e=>{"use strict";var r=e.i(57727),i=e.i(84364),l=e.i(38367),o=e.i(75500);let n=({open:e,title:n,body:c,confirmLabel:a,onConfirm:d,onCancel:s})=>(0,r.j)(l.h,{open:e,labelledBy:"confirm-title",onCancel:s,children:[(0,r.s)("h2",{id:"confirm-title",css:i.m`
          margin: 0 0 0.5rem;
          font-size: 1.2rem;
        `,children:n}),(0,r.s)("p",{children:c}),(0,r.j)("div",{css:l.B,children:[(0,r.s)(o.K,{variant:"secondary",onClick:s,autoFocus:!0,children:"Cancel"}),(0,r.s)(o.K,{variant:"danger",onClick:d,children:a})]})]});e.s(["ConfirmDialog",0,n,"default",0,n])}]);