(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,80561,e=>{"use strict";let t=e=>Uint8Array.from(atob(e),e=>e.charCodeAt(0)),a=async e=>(e=>{let t="";for(let a of e)t+=String.fromCharCode(a);return btoa(t)})(new Uint8Array(await crypto.subtle.digest("SHA-256",e))),r=async e=>{let r=new Uint8Array(32*e.length);return e.forEach((e,a)=>r.set(t(e),32*a)),`${await a(r)}-${e.length}`};e.s(["x",0,{fullObject:"FULL_OBJECT",composite:"COMPOSITE"},"u",0,e=>[...t(e.split("-")[0])].map(e=>e.toString(16).padStart(2,"0")).join(""),"j",0,r,"F",0,a])},6820,96759,e=>{"use strict";let t=()=>(e,t)=>({method:e,resource:t}),a={uploadUrl:t()("POST","/upload-url"),downloadUrl:t()("GET","/download-url")},r={createUpload:t()("POST","/uploads"),partUrls:t()("POST","/uploads/{statementId}/parts"),listParts:t()("GET","/uploads/{statementId}/parts"),completeUpload:t()("POST","/uploads/{statementId}/complete"),abortUpload:t()("DELETE","/uploads/{statementId}"),downloadUrl:t()("GET","/statements/{statementId}/download-url"),previewUrl:t()("GET","/statements/{statementId}/preview-url"),deleteStatement:t()("DELETE","/statements/{statementId}"),restoreStatement:t()("POST","/deleted/{statementId}/restore"),purgeStatement:t()("DELETE","/deleted/{statementId}"),account:t()("GET","/account"),deleteAccount:t()("POST","/account/deletion")};r.account,r.deleteAccount;let s=(e,t={})=>e.replace(/\{(\w+)\}/g,(e,a)=>{let r=t[a];if(void 0===r)throw Error(`missing route parameter ${a}`);return encodeURIComponent(r)}),l=(e,t)=>`${e.replace(/\/+$/,"")}${t}`;e.s(["n",0,a,"f",0,r,"o",0,l,"Z",0,s],6820);let o={BAD_REQUEST:400,UNAUTHORIZED:401,QUOTA_EXCEEDED:403,RECENT_SIGN_IN_REQUIRED:403,NOT_FOUND:404,METHOD_NOT_ALLOWED:405,CONFLICT:409,FILE_TOO_LARGE:413,BODY_TOO_LARGE:413,UNSUPPORTED_TYPE:415,THROTTLED:429,INTERNAL:500};var i=e.i(50144);class n extends Error{status;code;constructor(e,t,a){super(a),this.status=e,this.code=t,this.name="PresignApiError"}}let c=async(e,t,a,...[r={}])=>{let c,d,m=r.query?`?${new URLSearchParams(r.query)}`:"";try{c=await fetch(l((0,i.o)().custom[e],s(t.resource,r.params)+m),{method:t.method,headers:{Authorization:a,...void 0===r.body?{}:{"Content-Type":"application/json"}},body:void 0===r.body?void 0:JSON.stringify(r.body)})}catch{throw new n(0,"NETWORK","The server could not be reached; check your connection and try again.")}let u=await c.text();try{d=u?JSON.parse(u):void 0}catch{d=void 0}if(!c.ok){if((e=>{if("object"!=typeof e||null===e)return!1;let t=e.error;return"object"==typeof t&&null!==t&&"string"==typeof t.code&&t.code in o&&"string"==typeof t.message&&1===Object.keys(e).length&&2===Object.keys(t).length})(d))throw new n(c.status,d.error.code,d.error.message);throw new n(c.status,"INTERNAL",`The server answered ${c.status}; try again.`)}return d};e.s(["B",0,n,"A",0,c],96759)},57681,e=>{"use strict";var t=e.i(17362),a=e.i(54413);let r={profileImage:{types:t.h,maxBytes:t.x.maxBytes,what:"Profile images"},statement:{types:t.I,maxBytes:t.U.maxBytes,what:"Statements"}},s=e=>{let t=[...new Set(r[e].types.map(a.H))];return 1===t.length?t[0]:`${t.slice(0,-1).join(", ")} or ${t[t.length-1]}`},l=e=>e.split(";")[0].trim().toLowerCase(),o=RegExp("[\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]"),i=(e,a,r,s)=>{let l;return 0===a.length?`${e} must not be empty`:[...a].length>r?`${e} must be at most ${r} characters`:o.test(a)?`${e} must not contain control or direction-override characters`:(l=(0,t.p)(a).length)>s?`${e} is too long to store: it takes ${l} bytes once encoded and at most ${s} fit; use a shorter one`:void 0};e.s(["g",0,s,"D",0,(e,a,o)=>{let i,n=r[e],c=l(a);if(!n.types.includes(c))return{ok:!1,code:"UNSUPPORTED_TYPE",message:`${n.what} must be ${s(e)} files${c?`, not ${c}`:""}.`};let d=(i=r[e],!Number.isSafeInteger(o)||o<1?{code:"BAD_REQUEST",message:"The file is empty."}:o>i.maxBytes?{code:"FILE_TOO_LARGE",message:`${i.what} can be at most ${(0,t.L)(i.maxBytes)}; this file is ${(0,t.L)(o)}.`}:void 0);return d?{ok:!1,...d}:{ok:!0,contentType:c}},"N",0,(e,t)=>{let r=l(t);if(r&&"application/octet-stream"!==r&&(0,a.f)(r))return r;let s=e.includes(".")?e.split(".").pop().toLowerCase():"";return a.Y[s]??r},"z",0,(e,a)=>{let r=e.normalize("NFC").trim(),s=a.normalize("NFC").trim();return i("The file name",r,t.f.fileNameMaxChars,t.f.fileNameMaxStoredBytes)??(/[\\/]/.test(r)||"."===r||".."===r?"The file name must be a plain file name without / or \\":void 0)??i("The account label",s,t.f.accountLabelMaxChars,t.f.accountLabelMaxStoredBytes)}])},17362,54413,e=>{"use strict";let t=[{mime:"application/pdf",extensions:["pdf"],label:"PDF",check:"signature",uploads:["statement"]},{mime:"text/csv",extensions:["csv"],label:"CSV",check:"csv",uploads:["statement"]},{mime:"application/x-ofx",extensions:["ofx"],label:"OFX",check:"ofx",uploads:["statement"]},{mime:"application/vnd.intu.qfx",extensions:["qfx"],label:"QFX",check:"ofx",uploads:["statement"]},{mime:"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",extensions:["xlsx"],label:"Excel (XLSX)",check:"signature",uploads:["statement"]},{mime:"image/jpeg",extensions:["jpg","jpeg"],label:"JPEG",check:"signature",uploads:["statement","profileImage"]},{mime:"image/png",extensions:["png"],label:"PNG",check:"signature",uploads:["statement","profileImage"]},{mime:"image/webp",extensions:["webp"],label:"WebP",check:"signature",uploads:["profileImage"]}],a=e=>t.find(t=>t.mime===e),r=e=>t.filter(t=>t.uploads.includes(e)).map(e=>e.mime),s=Object.fromEntries(t.flatMap(e=>e.extensions.map(t=>[t,e.mime])));e.s(["Y",0,s,"q",0,e=>t.filter(t=>t.uploads.includes(e)).flatMap(e=>[e.mime,...e.extensions.map(e=>`.${e}`)]).join(","),"b",0,e=>{let t=a(e);return"application/pdf"===e?"pdf":e.startsWith("image/")?"image":t?.check==="ofx"?"ofx":t?.check==="csv"?"csv":"xlsx"},"f",0,a,"H",0,e=>a(e)?.label??e,"z",0,r],54413);let l=r("profileImage"),o=r("statement"),i={maxSingleUploadBytes:0x3200000,maxBytes:0x40000000,partBytes:0x1000000,uploadUrlSeconds:300,downloadUrlSeconds:60,maxPartUrlsPerRequest:100},n={maxStatements:1e4,maxBytes:0x280000000,singleHoldSeconds:i.uploadUrlSeconds+900,multipartHoldSeconds:176400};i.maxBytes,i.partBytes,e.s(["v",0,1024,"o",0,/^\d{4}-(0[1-9]|1[0-2])$/,"x",0,{maxBytes:5242880,uploadUrlSeconds:300,downloadUrlSeconds:300},"h",0,l,"U",0,i,"D",0,{default:20,max:100},"i",0,n,"I",0,o,"f",0,{fileNameMaxChars:200,fileNameMaxStoredBytes:1024,accountLabelMaxChars:64,accountLabelMaxStoredBytes:512,displayNameMaxChars:80},"p",0,e=>encodeURIComponent(e),"L",0,e=>e>=0x40000000&&e%0x40000000==0?`${e/0x40000000} GiB`:e>=1048576?`${Math.round(e/1048576*10)/10} MiB`:e>=1024?`${Math.round(e/1024*10)/10} KiB`:`${e} ${1===e?"byte":"bytes"}`,"w",0,e=>e>i.maxSingleUploadBytes,"y",0,e=>{let t=[];for(let a=0;a<e;a+=i.partBytes)t.push(Math.min(i.partBytes,e-a));return t}],17362)},96325,e=>{e.v(t=>Promise.all(["static/chunks/2vcy1io8j3otc.js"].map(t=>e.l(t))).then(()=>t(96468)))},15809,e=>{e.v(t=>Promise.all(["static/chunks/23b2-lvl6_nkz.js"].map(t=>e.l(t))).then(()=>t(66290)))},48255,e=>{"use strict";var t=e.i(57727),a=e.i(84364),r=e.i(18566),s=e.i(71645),l=e.i(62372),o=e.i(6820),i=e.i(17362),n=e.i(41883),c=e.i(96759),d=e.i(68643),m=e.i(88874),u=e.i(75500),p=e.i(74336),h=e.i(54413),f=e.i(57681),g=e.i(98313),b=e.i(14426);let y=(0,s.lazy)(()=>e.A(70061)),x=()=>new Date().toISOString().slice(0,7),v=({accounts:e,preset:r,onListed:l})=>{let{state:o}=(0,n.F)(),c="signedIn"===o.status?o.sub:void 0,[d,m]=(0,s.useState)([]),[p,v]=(0,s.useState)(!1),[w]=(0,s.useState)(()=>({accountLabel:r?.accountLabel||(e[0]??""),period:r?.period||x()})),S=(0,s.useRef)(null),$=(0,s.useRef)(null),[B,k]=(0,s.useState)(!1),E=(0,s.useRef)(null);(0,s.useEffect)(()=>{c&&(0,b.O)(c).list().length>0&&v(!0)},[c]);let T=()=>({accountLabel:S.current?.value.trim()??"",period:$.current?.value||x()}),N=e=>{0!==e.length&&m(t=>[...t,{id:t.length,files:e,...T()}])};return(0,t.j)(u.N,{label:"Upload statements",id:"upload",children:[(0,t.s)("h2",{css:a.m`
          margin: 0 0 0.75rem;
          font-size: 1.2rem;
        `,children:"Upload statements"}),(0,t.j)("div",{css:a.m`
          display: flex;
          flex-wrap: wrap;
          gap: 0 1rem;
          > * {
            flex: 1 1 12rem;
          }
        `,children:[(0,t.s)(u.O,{label:"Account",list:"known-accounts",maxLength:i.f.accountLabelMaxChars,placeholder:"e.g. Checking ••1234",hint:"For files that do not name their account.",ref:S,defaultValue:w.accountLabel}),(0,t.s)("datalist",{id:"known-accounts",children:e.map(e=>(0,t.s)("option",{value:e},e))}),(0,t.s)(u.O,{label:"Period",type:"month",required:!0,hint:"For files that do not say which month they cover.",ref:$,defaultValue:w.period})]}),(0,t.j)("div",{"data-testid":"drop-zone",onDragOver:e=>{e.preventDefault(),k(!0)},onDragLeave:()=>k(!1),onDrop:e=>{e.preventDefault(),k(!1),N([...e.dataTransfer.files])},css:a.m`
          border: 2px dashed ${B?g.B.color.primary:g.B.color.border};
          background: ${B?g.B.color.highlight:g.B.color.background};
          border-radius: ${g.B.radius};
          padding: 1.5rem 1rem;
          text-align: center;
        `,children:[(0,t.s)("p",{css:a.m`
            margin: 0 0 0.75rem;
          `,children:"Drag statement files here, or"}),(0,t.s)(u.K,{onClick:()=>E.current?.click(),children:"Choose files"}),(0,t.s)("input",{ref:E,type:"file",multiple:!0,accept:(0,h.q)("statement"),"aria-label":"Statement files",css:a.m`
            display: none;
          `,onChange:e=>{N([...e.target.files??[]]),e.target.value=""}}),(0,t.j)("p",{css:a.m`
            margin: 0.75rem 0 0;
            color: ${g.B.color.muted};
            font-size: 0.9rem;
          `,children:[(0,f.g)("statement"),", up to ",(0,i.L)(i.U.maxBytes)," each."]})]}),(d.length>0||p)&&(0,t.s)(s.Suspense,{children:(0,t.s)(y,{picks:d,defaults:T,onListed:l})})]})};var w=e.i(46241);let S=(0,s.lazy)(()=>e.A(96325)),$=(0,s.lazy)(()=>e.A(15809)),B=()=>(0,t.j)("div",{role:"status","data-testid":"list-loading",children:[(0,t.s)("span",{className:"visually-hidden",children:"Loading your statements…"}),[0,1,2].map(e=>(0,t.s)("div",{"aria-hidden":"true",css:a.m`
          height: 2.6rem;
          margin: 0.4rem 0;
          border-radius: ${g.B.radius};
          background: ${g.B.color.background};
          @media (prefers-reduced-motion: no-preference) {
            animation: vault-pulse 1.4s ease-in-out infinite;
          }
          @keyframes vault-pulse {
            50% {
              opacity: 0.55;
            }
          }
        `},e))]});e.s(["StatementsView",0,({query:h,statements:f,summaries:g})=>{let b,y,x=(0,r.useRouter)(),[k,E]=(0,s.useTransition)(),T=(0,n.C)(),[N,C]=(0,s.useState)([]),[I,U]=(0,s.useState)([]),[A,L]=(0,s.useState)(!1),[j,O]=(0,s.useState)(!1),D=e=>{L(!0),C(e)},P=e=>{O(!0),U(e)},R=(0,s.useRef)(null),z=f?.statements.items??[],[_,M]=(0,s.useState)(new Set),F=(0,s.useRef)(void 0),K=z.filter(e=>_.has(e.id)),G=()=>M(new Set),q=f?.statements.nextToken,H=g?.accounts.map(e=>e.label)??[],Y=g?.usage,J=e=>E(()=>x.push((({period:e,account:t,after:a})=>{let r=new URLSearchParams;for(let s of(t&&r.set("account",t),e&&r.set("period",e),a))r.append("after",s);let s=r.toString();return s?`${m.B.statements}?${s}`:m.B.statements})(e),{scroll:!1})),Q=()=>E(()=>x.refresh()),V=z.some(e=>"SCANNING"===e.status);(0,s.useEffect)(()=>{if(!V)return;let e=setInterval(()=>x.refresh(),3e3);return()=>clearInterval(e)},[V,x]);let X=async e=>{try{let{url:t}=await (0,c.A)("statementsApiUrl",o.f.downloadUrl,await T(),{params:{statementId:e.id}});(0,d.f)(t)}catch(e){l.c.error(e.message)}},W=async()=>{if(C([]),0!==N.length)try{for(let e of N)await (0,c.A)("statementsApiUrl",o.f.deleteStatement,await T(),{params:{statementId:e.id}});l.c.success(1===N.length?`${N[0].fileName} was deleted.`:`${et(N.length)} were deleted.`),G(),Q(),R.current?.focus()}catch(e){l.c.error(e.message),Q()}},Z=async()=>{try{let t=await e.A(59870),a=await t.chooseExportTarget(`statements-${new Date().toISOString().slice(0,10)}.zip`),r=new AbortController,{zip:s,manifest:o}=await t.exportVault(t.selectionExportSource(K,T),{signal:r.signal,onProgress:()=>void 0});await a.write(s,r.signal);let i=(await o).filter(e=>null!==e.path).length;l.c.success(`${(0,w.N)(i,"file")} saved in one ZIP, each checked against its record.`)}catch(e){"AbortError"!==e.name&&l.c.error(e.message)}},ee=!!(h.period||h.account),et=e=>(0,w.N)(e,"statement");return(0,t.j)("div",{css:a.m`
        display: flex;
        flex-direction: column;
        gap: 0;
        @media (max-width: 640px) {
          > section[aria-label='Your statements'] {
            order: -1;
          }
        }
      `,children:[(0,t.s)(v,{accounts:H,preset:{accountLabel:h.account,period:h.period},onListed:Q}),(0,t.j)(u.N,{label:"Your statements",children:[(0,t.s)("h2",{ref:R,tabIndex:-1,css:a.m`
            margin: 0 0 0.25rem;
            font-size: 1.2rem;
          `,children:"Your statements"}),Y&&(0,t.j)("p",{"data-testid":"usage",css:a.m`
              margin: 0 0 0.75rem;
              color: inherit;
            `,children:[(0,i.L)(Y.bytes)," of ",(0,i.L)(Y.maxBytes),", ",et(Y.statements)]}),(0,t.j)("div",{css:a.m`
            display: flex;
            flex-wrap: wrap;
            gap: 0 1rem;
            align-items: flex-end;
            > div {
              flex: 1 1 11rem;
            }
          `,children:[(0,t.s)(u._,{label:"Filter by period",value:h.period,onChange:e=>J({...h,period:e.target.value,after:[]}),options:[{value:"",text:"All periods"},...(b=g?.periods??[],!(y=h.period)||b.some(e=>e.period===y)?b:[...b,{period:y,count:0}].sort((e,t)=>e.period<t.period?1:-1)).map(e=>({value:e.period,text:`${(0,w.E)(e.period)} (${e.count})`}))]}),(0,t.s)(u._,{label:"Filter by account",value:h.account,onChange:e=>J({...h,account:e.target.value,after:[]}),options:[{value:"",text:"All accounts"},...(g?.accounts??[]).map(e=>({value:e.label,text:`${e.label} (${e.count})`}))]}),ee&&(0,t.s)("p",{children:(0,t.s)(u.K,{variant:"secondary",onClick:()=>J({period:"",account:"",after:[]}),children:"Clear filters"})})]}),f?k&&0===z.length?(0,t.s)(B,{}):0===z.length?(0,t.s)("p",{role:"status","data-testid":"empty-state",children:ee?"No statements match these filters.":"No statements yet. Upload your first one above."}):(0,t.j)("div",{"aria-busy":k,children:[K.length>0&&(0,t.j)("div",{role:"toolbar","aria-label":"Selected statements",css:a.m`
                  display: flex;
                  flex-wrap: wrap;
                  gap: 0.5rem;
                  align-items: center;
                  margin: 0.5rem 0;
                `,children:[(0,t.j)("span",{"data-testid":"selection-count",children:[et(K.length)," selected"]}),(0,t.s)(u.K,{variant:"secondary",onClick:()=>P(K),children:"Edit selected…"}),(0,t.s)(u.K,{variant:"secondary",onClick:()=>void Z(),children:"Download selected"}),(0,t.s)(u.K,{variant:"secondary",onClick:()=>D(K),children:"Delete selected…"}),(0,t.s)(u.K,{variant:"secondary",onClick:G,children:"Clear selection"})]}),(0,t.s)(p.C,{items:z,selection:{selected:_,onSelect:(e,t,a)=>{let r=a&&void 0!==F.current?Math.min(F.current,t):t,s=a&&void 0!==F.current?Math.max(F.current,t):t,l=!_.has(e.id),o=new Set(_);for(let e of z.slice(r,s+1))l?o.add(e.id):o.delete(e.id);F.current=t,M(o)},onSelectAll:e=>M(new Set(e?z.map(e=>e.id):[]))},onDownload:X,onEdit:e=>P([e]),onDelete:e=>D([e])})]}):(0,t.s)("p",{role:"alert",children:"Your statements could not be loaded. Try again in a moment."}),(0,t.j)("nav",{"aria-label":"Pages",css:a.m`
            display: flex;
            gap: 0.75rem;
            margin-top: 1rem;
          `,children:[(0,t.s)(u.K,{variant:"secondary",disabled:0===h.after.length,onClick:()=>J({...h,after:h.after.slice(0,-1)}),children:"Previous page"}),(0,t.s)(u.K,{variant:"secondary",disabled:!q,onClick:()=>q&&J({...h,after:[...h.after,q]}),children:"Next page"})]})]}),A&&(0,t.s)(s.Suspense,{children:(0,t.s)(S,{open:N.length>0,title:N.length>1?`Delete ${et(N.length)}?`:"Delete this statement?",body:1===N.length?`${N[0].fileName} (${N[0].accountLabel}, ${(0,w.E)(N[0].period)}) will be removed from your vault.`:N.length>1?`${N.map(e=>e.fileName).join(", ")} will be removed from your vault.`:"",confirmLabel:"Delete",onConfirm:W,onCancel:()=>C([])})}),j&&(0,t.s)(s.Suspense,{children:(0,t.s)($,{statements:I,onClose:()=>U([]),onDone:e=>{U([]),l.c.success(1===e?"Saved.":`${et(e)} saved.`),G(),Q()}})})]})}],48255)},70061,e=>{e.v(t=>Promise.all(["static/chunks/1b77lhi60q766.js","static/chunks/08zm31in8q2g_.js"].map(t=>e.l(t))).then(()=>t(27765)))},75500,e=>{"use strict";var t=e.i(57727),a=e.i(84364),r=e.i(71645),s=e.i(98313);let l=(e="primary")=>a.m`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  min-height: 44px;
  padding: 0.55rem 1.1rem;
  border-radius: ${s.B.radius};
  border: 1px solid ${"secondary"===e?s.B.color.border:"transparent"};
  background: ${"primary"===e?s.B.color.primary:"danger"===e?s.B.color.dangerStrong:s.B.color.surface};
  color: ${"secondary"===e?s.B.color.text:s.B.color.onPrimary};
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
`,o=a.m`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  margin: 0 0 1rem;
`,i=a.m`
  font-weight: 600;
`,n=(e=!1)=>a.m`
  min-height: 44px;
  padding: 0.5rem 0.7rem;
  border: 1px solid ${e?s.B.color.danger:s.B.color.border};
  border-radius: ${s.B.radius};
  font: inherit;
  width: 100%;
  box-sizing: border-box;
`,c=a.m`
  max-width: 26rem;
`;e.s(["K",0,({variant:e="primary",...a})=>(0,t.s)("button",{type:"button",css:l(e),...a}),"N",0,({children:e,label:r,id:l})=>(0,t.s)("section",{id:l,"aria-label":r,css:a.m`
      background: ${s.B.color.surface};
      border: 1px solid ${s.B.color.border};
      border-radius: ${s.B.radius};
      padding: 1.25rem;
      margin: 0 0 1.25rem;
      @media (max-width: 480px) {
        padding: 1rem 0.85rem;
      }
    `,children:e}),"$",0,({message:e})=>e?(0,t.s)("p",{role:"alert",css:a.m`
        color: ${s.B.color.danger};
        background: ${s.B.color.dangerSurface};
        border: 1px solid ${s.B.color.dangerBorder};
        border-radius: ${s.B.radius};
        padding: 0.6rem 0.8rem;
      `,children:e}):null,"E",0,({value:e,max:r,label:l})=>(0,t.s)("progress",{value:e,max:r,"aria-label":l,css:a.m`
      width: 100%;
      height: 0.6rem;
      accent-color: ${s.B.color.primary};
    `}),"_",0,({label:e,options:l,...c})=>{let d=(0,r.useId)();return(0,t.j)("div",{css:o,children:[(0,t.s)("label",{htmlFor:d,css:i,children:e}),(0,t.s)("select",{id:d,css:[n(),a.m`
            background: ${s.B.color.surface};
          `],...c,children:l.map(e=>(0,t.s)("option",{value:e.value,children:e.text},e.value))})]})},"O",0,({label:e,hint:c,error:d,...m})=>{let u=(0,r.useId)(),[p,h]=(0,r.useState)(!1),f=[c?`${u}-hint`:"",d?`${u}-error`:""].filter(Boolean).join(" ")||void 0,g="password"===m.type,b=(0,t.s)("input",{id:u,"aria-invalid":!!d||void 0,"aria-describedby":f,css:n(!!d),...m,type:g&&p?"text":m.type});return(0,t.j)("div",{css:o,children:[(0,t.s)("label",{htmlFor:u,css:i,children:e}),g?(0,t.j)("div",{css:a.m`
            display: flex;
            gap: 0.5rem;
            > input {
              flex: 1;
            }
          `,children:[b,(0,t.s)("button",{type:"button","aria-controls":u,"aria-pressed":p,onClick:()=>h(e=>!e),css:l("secondary"),children:p?"Hide":"Show"})]}):b,c&&(0,t.s)("span",{id:`${u}-hint`,css:a.m`
            color: ${s.B.color.muted};
            font-size: 0.9rem;
          `,children:c}),d&&(0,t.s)("span",{id:`${u}-error`,role:"alert",css:a.m`
            color: ${s.B.color.danger};
            font-size: 0.9rem;
          `,children:d})]})},"U",0,c])},59870,e=>{e.v(t=>Promise.all(["static/chunks/3qg103injl5ub.js"].map(t=>e.l(t))).then(()=>t(51946)))},46241,e=>{"use strict";e.s(["N",0,(e,t)=>`${e.toLocaleString("en-US")} ${t}${1===e?"":"s"}`,"E",0,e=>{let t=/^(\d{4})-(\d{2})$/.exec(e);if(!t)return e;let a=new Date(Date.UTC(Number(t[1]),Number(t[2])-1,1));return new Intl.DateTimeFormat(void 0,{month:"short",year:"numeric",timeZone:"UTC"}).format(a)}])},68643,74336,e=>{"use strict";e.s(["f",0,e=>{let t=document.createElement("a");t.href=e,t.rel="noopener",document.body.append(t),t.click(),t.remove()}],68643);var t=e.i(57727),a=e.i(84364),r=e.i(17362),s=e.i(80561),l=e.i(22016),o=e.i(46241),i=e.i(88874),n=e.i(98313),c=e.i(75500);let d=a.m`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: 0.55rem 0.5rem;
    border-bottom: 1px solid ${n.B.color.border};
    vertical-align: middle;
  }
  th {
    color: ${n.B.color.muted};
    font-weight: 600;
    font-size: 0.9rem;
  }
  td.name {
    word-break: break-word;
  }
  @media (max-width: 640px) {
    thead {
      position: absolute;
      left: -9999px;
    }
    tr {
      display: block;
      border-bottom: 1px solid ${n.B.color.border};
      padding: 0.5rem 0;
    }
    td {
      display: block;
      border: 0;
      padding: 0.15rem 0;
    }
    td[data-label]::before {
      content: attr(data-label) ': ';
      color: ${n.B.color.muted};
    }
  }
`,m=({item:e})=>{if(!e.checksum||!e.checksumType)return null;let l="COMPOSITE"===e.checksumType?e.checksum.split("-")[1]:void 0;return(0,t.j)("details",{"data-testid":"integrity",css:a.m`
        font-size: 0.85rem;
        color: ${n.B.color.muted};
        margin-top: 0.2rem;
      `,children:[(0,t.s)("summary",{children:"Integrity verified by storage"}),(0,t.j)("span",{children:[l?`SHA-256 of its ${l} parts of ${(0,r.L)(r.U.partBytes)} (S3 composite): `:"SHA-256: ",(0,t.s)("code",{css:a.m`
            word-break: break-all;
          `,children:(0,s.u)(e.checksum)})]})]})};e.s(["Q",0,m,"C",0,({items:e,selection:s,onDownload:u,onEdit:p,onDelete:h})=>(0,t.j)("table",{css:d,"aria-label":"Your statements",children:[(0,t.s)("thead",{children:(0,t.j)("tr",{children:[(0,t.s)("th",{scope:"col",children:(0,t.s)("input",{type:"checkbox","aria-label":"Select every statement on this page",checked:e.length>0&&e.every(e=>s.selected.has(e.id)),onChange:e=>s.onSelectAll(e.target.checked)})}),(0,t.s)("th",{scope:"col",children:"Period"}),(0,t.s)("th",{scope:"col",children:"Account"}),(0,t.s)("th",{scope:"col",children:"Name"}),(0,t.s)("th",{scope:"col",children:"Size"}),(0,t.s)("th",{scope:"col",children:"Uploaded"}),(0,t.s)("th",{scope:"col",children:(0,t.s)("span",{className:"visually-hidden",children:"Actions"})})]})}),(0,t.s)("tbody",{children:e.map((e,d)=>(0,t.j)("tr",{"data-testid":"statement-row",children:[(0,t.s)("td",{children:(0,t.s)("input",{type:"checkbox","aria-label":`Select ${e.fileName}`,checked:s.selected.has(e.id),onChange:()=>void 0,onClick:t=>s.onSelect(e,d,t.shiftKey)})}),(0,t.s)("td",{"data-label":"Period",children:(0,t.s)("time",{dateTime:e.period,children:(0,o.E)(e.period)})}),(0,t.s)("td",{"data-label":"Account",children:e.accountLabel}),(0,t.j)("td",{"data-label":"Name",className:"name",children:[(0,t.s)(l.default,{href:(0,i.i)(e.id),children:e.fileName}),(0,t.s)(m,{item:e})]}),(0,t.s)("td",{"data-label":"Size",children:(0,r.L)(e.size)}),(0,t.s)("td",{"data-label":"Uploaded",children:(0,t.s)("time",{dateTime:e.uploadedAt,children:new Date(e.uploadedAt).toLocaleDateString()})}),(0,t.s)("td",{children:(0,t.j)("div",{css:a.m`
                display: flex;
                gap: 0.5rem;
                flex-wrap: wrap;
              `,children:["AVAILABLE"===e.status?(0,t.s)(c.K,{variant:"secondary",onClick:()=>u(e),"aria-label":`Download ${e.fileName}`,children:"Download"}):(0,t.s)("span",{"data-testid":"statement-status","data-status":e.status,css:a.m`
                    align-self: center;
                    color: ${n.B.color.muted};
                  `,children:"SCANNING"===e.status?"Scanning for malware…":`Quarantined: ${e.scanDetail??"it did not pass the malware scan"}`}),(0,t.s)(c.K,{variant:"secondary",onClick:()=>p(e),"aria-label":`Edit ${e.fileName}`,children:"Edit"}),(0,t.s)(c.K,{variant:"secondary",onClick:()=>h(e),"aria-label":`Delete ${e.fileName}`,children:"Delete"})]})})]},e.id))})]})],74336)},14426,e=>{"use strict";let t=e=>"object"==typeof e&&null!==e&&"string"==typeof e.statementId&&"string"==typeof e.uploadId&&"string"==typeof e.fileName&&"number"==typeof e.size&&"string"==typeof e.checksum;e.s(["O",0,(e,a=globalThis.localStorage)=>{let r=`statement-vault.uploads.${e}`,s=()=>{try{let e=JSON.parse(a?.getItem(r)??"[]");return Array.isArray(e)?e.filter(t):[]}catch{return[]}},l=e=>{try{0===e.length?a?.removeItem(r):a?.setItem(r,JSON.stringify(e))}catch{}};return{list:s,save(e){l([...s().filter(t=>t.statementId!==e.statementId),e])},forget(e){l(s().filter(t=>t.statementId!==e))}}},"J",0,{list:()=>[],save:()=>void 0,forget:()=>void 0}])}]);