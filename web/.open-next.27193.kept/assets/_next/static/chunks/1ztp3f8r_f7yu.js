(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,6535,e=>{"use strict";let r=new Map([["january","jan","januar","jänner","janner","jän","janvier","janv","enero","ene","januari","gennaio"],["february","feb","februar","février","fevrier","févr","fevr","fév","fev","febrero","februari","febbraio"],["march","mar","märz","marz","maerz","mär","mrz","mars","marzo","maart","mrt"],["april","apr","avril","avr","abril","abr","aprile"],["may","mai","mayo","mei","maggio"],["june","jun","juni","juin","junio","giugno"],["july","jul","juli","juillet","juil","julio","luglio"],["august","aug","août","aout","agosto","ago","augustus"],["september","sep","sept","septembre","septiembre","setiembre","set","settembre"],["october","oct","oktober","okt","octobre","octubre","ottobre"],["november","nov","novembre","noviembre"],["december","dec","dezember","dez","décembre","decembre","déc","diciembre","dic","dicembre"]].flatMap((e,r)=>e.map(e=>[e,r+1]))),t=e=>r.get(e.toLowerCase().normalize("NFC").replace(/\.$/,"")),a=(e,r,t)=>r>=1&&r<=12&&t>=1&&t<=new Date(Date.UTC(e,r,0)).getUTCDate()&&e>=1970&&e<=2100?{year:e,month:r,day:t}:void 0,i=e=>2===e.length?2e3+Number(e):Number(e),o=/^(\d{1,4})[-./ ](\d{1,2})[-./ ](\d{1,4})(?:[ T,]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[ap]\.?m\.?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i,l=/^(\d{4})(\d{2})(\d{2})$/,n=/^(\d{1,2})\.?[\s-]+([\p{L}]+\.?)[\s,-]+(\d{2}|\d{4})$/u,s=/^([\p{L}]+\.?)[\s-]+(\d{1,2}),?[\s-]+(\d{2}|\d{4})$/u,d=e=>{let r=e.trim(),d=o.exec(r);if(d){let[,e,r,t]=d;if(4===e.length){let i=a(Number(e),Number(r),Number(t));return i?{ymd:i}:{}}if(2!==t.length&&4!==t.length)return{};let o={},l=a(i(t),Number(r),Number(e)),n=a(i(t),Number(e),Number(r));return l&&(o.dmy=l),n&&(o.mdy=n),o}let m=l.exec(r);if(m){let e=a(Number(m[1]),Number(m[2]),Number(m[3]));return e?{ymd:e}:{}}let c=n.exec(r);if(c){let e=t(c[2]),r=e?a(i(c[3]),e,Number(c[1])):void 0;return r?{dmy:r}:{}}let u=s.exec(r);if(u){let e=t(u[1]),r=e?a(i(u[3]),e,Number(u[2])):void 0;return r?{mdy:r}:{}}return{}},m=e=>Date.UTC(e.year,e.month-1,e.day)/864e5,c=e=>1e4*e.year+100*e.month+e.day,u=e=>`${e.year}-${String(e.month).padStart(2,"0")}`;e.s(["O",0,e=>e.reduce((e,r)=>!e||c(r)>c(e)?r:e,void 0),"o",0,t,"t",0,e=>{let r,t=new Map;for(let r of e)t.set(u(r),(t.get(u(r))??0)+1);for(let[e,a]of t)(void 0===r||a>t.get(r)||a===t.get(r)&&e>r)&&(r=e);return r},"M",0,u,"Z",0,e=>{let r=e.map(d),t=["ymd","dmy","mdy"],a=t.map(e=>r.filter(r=>r[e]).length),i=Math.max(...a);if(0===i)return{dates:[]};let o=t.filter((e,r)=>a[r]===i),l=e=>r.flatMap(r=>r[e]?[r[e]]:[]);if(o.length>1){let e=o.map(e=>{let r;return Math.max(...(r=l(e)).map(m))-Math.min(...r.map(m))});o=o.filter((r,t)=>e[t]===Math.min(...e))}if(o.length>1){let e=o.filter(e=>(e=>{let r=!0,t=!0;for(let a=1;a<e.length;a++)c(e[a])<c(e[a-1])&&(r=!1),c(e[a])>c(e[a-1])&&(t=!1);return r||t})(r.flatMap(r=>r[e]?[r[e]]:[])));e.length>0&&(o=e)}let n=o.includes("dmy")?"dmy":o[0];return{order:n,dates:l(n)}},"N",0,d])},17362,54413,e=>{"use strict";let r=[{mime:"application/pdf",extensions:["pdf"],label:"PDF",check:"signature",uploads:["statement"]},{mime:"text/csv",extensions:["csv"],label:"CSV",check:"csv",uploads:["statement"]},{mime:"application/x-ofx",extensions:["ofx"],label:"OFX",check:"ofx",uploads:["statement"]},{mime:"application/vnd.intu.qfx",extensions:["qfx"],label:"QFX",check:"ofx",uploads:["statement"]},{mime:"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",extensions:["xlsx"],label:"Excel (XLSX)",check:"signature",uploads:["statement"]},{mime:"image/jpeg",extensions:["jpg","jpeg"],label:"JPEG",check:"signature",uploads:["statement","profileImage"]},{mime:"image/png",extensions:["png"],label:"PNG",check:"signature",uploads:["statement","profileImage"]},{mime:"image/webp",extensions:["webp"],label:"WebP",check:"signature",uploads:["profileImage"]}],t=e=>r.find(r=>r.mime===e),a=e=>r.filter(r=>r.uploads.includes(e)).map(e=>e.mime),i=Object.fromEntries(r.flatMap(e=>e.extensions.map(r=>[r,e.mime])));e.s(["Y",0,i,"q",0,e=>r.filter(r=>r.uploads.includes(e)).flatMap(e=>[e.mime,...e.extensions.map(e=>`.${e}`)]).join(","),"b",0,e=>{let r=t(e);return"application/pdf"===e?"pdf":e.startsWith("image/")?"image":r?.check==="ofx"?"ofx":r?.check==="csv"?"csv":"xlsx"},"f",0,t,"H",0,e=>t(e)?.label??e,"z",0,a],54413);let o=a("profileImage"),l=a("statement"),n={maxSingleUploadBytes:0x3200000,maxBytes:0x40000000,partBytes:0x1000000,uploadUrlSeconds:300,downloadUrlSeconds:60,maxPartUrlsPerRequest:100},s={maxStatements:1e4,maxBytes:0x280000000,singleHoldSeconds:n.uploadUrlSeconds+900,multipartHoldSeconds:176400};n.maxBytes,n.partBytes,e.s(["v",0,1024,"o",0,/^\d{4}-(0[1-9]|1[0-2])$/,"x",0,{maxBytes:5242880,uploadUrlSeconds:300,downloadUrlSeconds:300},"h",0,o,"U",0,n,"D",0,{default:20,max:100},"i",0,s,"I",0,l,"f",0,{fileNameMaxChars:200,fileNameMaxStoredBytes:1024,accountLabelMaxChars:64,accountLabelMaxStoredBytes:512,displayNameMaxChars:80},"p",0,e=>encodeURIComponent(e),"L",0,e=>e>=0x40000000&&e%0x40000000==0?`${e/0x40000000} GiB`:e>=1048576?`${Math.round(e/1048576*10)/10} MiB`:e>=1024?`${Math.round(e/1024*10)/10} KiB`:`${e} ${1===e?"byte":"bytes"}`,"w",0,e=>e>n.maxSingleUploadBytes,"y",0,e=>{let r=[];for(let t=0;t<e;t+=n.partBytes)r.push(Math.min(n.partBytes,e-t));return r}],17362)},2483,e=>{"use strict";var r=e.i(57727),t=e.i(84364),a=e.i(18566),i=e.i(71645);e.i(6535),e.i(17362);var o=e.i(75500),l=e.i(88874);e.s(["SearchBox",0,({initial:e})=>{let n=(0,a.useRouter)(),s=(0,i.useRef)(null),d=(0,i.useRef)(void 0),m=(0,i.useRef)(e.trim()),[c,u]=(0,i.useTransition)(),p=e=>{let r=e.trim();r!==m.current&&(m.current=r,u(()=>n.replace((0,l.C)(r),{scroll:!1})))};return(0,i.useEffect)(()=>(s.current&&p(s.current.value),()=>clearTimeout(d.current)),[]),(0,r.j)("form",{role:"search",action:l.B.search,onSubmit:e=>{e.preventDefault(),clearTimeout(d.current),p(s.current?.value??"")},css:t.m`
        display: flex;
        gap: 0.5rem;
        align-items: flex-end;
        > div {
          flex: 1;
          margin: 0;
        }
      `,children:[(0,r.s)(o.O,{ref:s,label:"Search statements",name:"q",type:"search",defaultValue:e,maxLength:200,autoComplete:"off",spellCheck:!1,autoFocus:!0,onChange:e=>{let r=e.currentTarget.value;clearTimeout(d.current),d.current=setTimeout(()=>p(r),200)}}),(0,r.s)(o.K,{type:"submit",children:"Search"}),(0,r.s)("span",{role:"status",className:"visually-hidden",children:c?"Searching…":""})]})}],2483)},75500,e=>{"use strict";var r=e.i(57727),t=e.i(84364),a=e.i(71645),i=e.i(98313);let o=(e="primary")=>t.m`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  min-height: 44px;
  padding: 0.55rem 1.1rem;
  border-radius: ${i.B.radius};
  border: 1px solid ${"secondary"===e?i.B.color.border:"transparent"};
  background: ${"primary"===e?i.B.color.primary:"danger"===e?i.B.color.dangerStrong:i.B.color.surface};
  color: ${"secondary"===e?i.B.color.text:i.B.color.onPrimary};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  &:hover:not(:disabled) {
    filter: brightness(0.92);
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`,l=t.m`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  margin: 0 0 1rem;
`,n=t.m`
  font-weight: 600;
`,s=(e=!1)=>t.m`
  min-height: 44px;
  padding: 0.5rem 0.7rem;
  border: 1px solid ${e?i.B.color.danger:i.B.color.border};
  border-radius: ${i.B.radius};
  font: inherit;
  width: 100%;
  box-sizing: border-box;
`,d=t.m`
  max-width: 26rem;
`;e.s(["K",0,({variant:e="primary",...t})=>(0,r.s)("button",{type:"button",css:o(e),...t}),"N",0,({children:e,label:a,id:o})=>(0,r.s)("section",{id:o,"aria-label":a,css:t.m`
      background: ${i.B.color.surface};
      border: 1px solid ${i.B.color.border};
      border-radius: ${i.B.radius};
      padding: 1.25rem;
      margin: 0 0 1.25rem;
      @media (max-width: 480px) {
        padding: 1rem 0.85rem;
      }
    `,children:e}),"$",0,({message:e})=>e?(0,r.s)("p",{role:"alert",css:t.m`
        color: ${i.B.color.danger};
        background: ${i.B.color.dangerSurface};
        border: 1px solid ${i.B.color.dangerBorder};
        border-radius: ${i.B.radius};
        padding: 0.6rem 0.8rem;
      `,children:e}):null,"E",0,({value:e,max:a,label:o})=>(0,r.s)("progress",{value:e,max:a,"aria-label":o,css:t.m`
      width: 100%;
      height: 0.6rem;
      accent-color: ${i.B.color.primary};
    `}),"_",0,({label:e,options:o,...d})=>{let m=(0,a.useId)();return(0,r.j)("div",{css:l,children:[(0,r.s)("label",{htmlFor:m,css:n,children:e}),(0,r.s)("select",{id:m,css:[s(),t.m`
            background: ${i.B.color.surface};
          `],...d,children:o.map(e=>(0,r.s)("option",{value:e.value,children:e.text},e.value))})]})},"O",0,({label:e,hint:d,error:m,...c})=>{let u=(0,a.useId)(),[p,b]=(0,a.useState)(!1),f=[d?`${u}-hint`:"",m?`${u}-error`:""].filter(Boolean).join(" ")||void 0,g="password"===c.type,h=(0,r.s)("input",{id:u,"aria-invalid":!!m||void 0,"aria-describedby":f,css:s(!!m),...c,type:g&&p?"text":c.type});return(0,r.j)("div",{css:l,children:[(0,r.s)("label",{htmlFor:u,css:n,children:e}),g?(0,r.j)("div",{css:t.m`
            display: flex;
            gap: 0.5rem;
            > input {
              flex: 1;
            }
          `,children:[h,(0,r.s)("button",{type:"button","aria-controls":u,"aria-pressed":p,onClick:()=>b(e=>!e),css:o("secondary"),children:p?"Hide":"Show"})]}):h,d&&(0,r.s)("span",{id:`${u}-hint`,css:t.m`
            color: ${i.B.color.muted};
            font-size: 0.9rem;
          `,children:d}),m&&(0,r.s)("span",{id:`${u}-error`,role:"alert",css:t.m`
            color: ${i.B.color.danger};
            font-size: 0.9rem;
          `,children:m})]})},"U",0,d])}]);