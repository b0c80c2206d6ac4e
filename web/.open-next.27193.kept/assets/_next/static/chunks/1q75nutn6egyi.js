(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,80561,e=>{"use strict";let t=e=>Uint8Array.from(atob(e),e=>e.charCodeAt(0)),a=async e=>(e=>{let t="";for(let a of e)t+=String.fromCharCode(a);return btoa(t)})(new Uint8Array(await crypto.subtle.digest("SHA-256",e))),r=async e=>{let r=new Uint8Array(32*e.length);return e.forEach((e,a)=>r.set(t(e),32*a)),`${await a(r)}-${e.length}`};e.s(["x",0,{fullObject:"FULL_OBJECT",composite:"COMPOSITE"},"u",0,e=>[...t(e.split("-")[0])].map(e=>e.toString(16).padStart(2,"0")).join(""),"j",0,r,"F",0,a])},6820,96759,e=>{"use strict";let t=()=>(e,t)=>({method:e,resource:t}),a={uploadUrl:t()("POST","/upload-url"),downloadUrl:t()("GET","/download-url")},r={createUpload:t()("POST","/uploads"),partUrls:t()("POST","/uploads/{statementId}/parts"),listParts:t()("GET","/uploads/{statementId}/parts"),completeUpload:t()("POST","/uploads/{statementId}/complete"),abortUpload:t()("DELETE","/uploads/{statementId}"),downloadUrl:t()("GET","/statements/{statementId}/download-url"),previewUrl:t()("GET","/statements/{statementId}/preview-url"),deleteStatement:t()("DELETE","/statements/{statementId}"),restoreStatement:t()("POST","/deleted/{statementId}/restore"),purgeStatement:t()("DELETE","/deleted/{statementId}"),account:t()("GET","/account"),deleteAccount:t()("POST","/account/deletion")};r.account,r.deleteAccount;let s=(e,t={})=>e.replace(/\{(\w+)\}/g,(e,a)=>{let r=t[a];if(void 0===r)throw Error(`missing route parameter ${a}`);return encodeURIComponent(r)}),i=(e,t)=>`${e.replace(/\/+$/,"")}${t}`;e.s(["n",0,a,"f",0,r,"o",0,i,"Z",0,s],6820);let l={BAD_REQUEST:400,UNAUTHORIZED:401,QUOTA_EXCEEDED:403,RECENT_SIGN_IN_REQUIRED:403,NOT_FOUND:404,METHOD_NOT_ALLOWED:405,CONFLICT:409,FILE_TOO_LARGE:413,BODY_TOO_LARGE:413,UNSUPPORTED_TYPE:415,THROTTLED:429,INTERNAL:500};var o=e.i(50144);class n extends Error{status;code;constructor(e,t,a){super(a),this.status=e,this.code=t,this.name="PresignApiError"}}let d=async(e,t,a,...[r={}])=>{let d,c,m=r.query?`?${new URLSearchParams(r.query)}`:"";try{d=await fetch(i((0,o.o)().custom[e],s(t.resource,r.params)+m),{method:t.method,headers:{Authorization:a,...void 0===r.body?{}:{"Content-Type":"application/json"}},body:void 0===r.body?void 0:JSON.stringify(r.body)})}catch{throw new n(0,"NETWORK","The server could not be reached; check your connection and try again.")}let p=await d.text();try{c=p?JSON.parse(p):void 0}catch{c=void 0}if(!d.ok){if((e=>{if("object"!=typeof e||null===e)return!1;let t=e.error;return"object"==typeof t&&null!==t&&"string"==typeof t.code&&t.code in l&&"string"==typeof t.message&&1===Object.keys(e).length&&2===Object.keys(t).length})(c))throw new n(d.status,c.error.code,c.error.message);throw new n(d.status,"INTERNAL",`The server answered ${d.status}; try again.`)}return c};e.s(["B",0,n,"A",0,d],96759)},17362,54413,e=>{"use strict";let t=[{mime:"application/pdf",extensions:["pdf"],label:"PDF",check:"signature",uploads:["statement"]},{mime:"text/csv",extensions:["csv"],label:"CSV",check:"csv",uploads:["statement"]},{mime:"application/x-ofx",extensions:["ofx"],label:"OFX",check:"ofx",uploads:["statement"]},{mime:"application/vnd.intu.qfx",extensions:["qfx"],label:"QFX",check:"ofx",uploads:["statement"]},{mime:"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",extensions:["xlsx"],label:"Excel (XLSX)",check:"signature",uploads:["statement"]},{mime:"image/jpeg",extensions:["jpg","jpeg"],label:"JPEG",check:"signature",uploads:["statement","profileImage"]},{mime:"image/png",extensions:["png"],label:"PNG",check:"signature",uploads:["statement","profileImage"]},{mime:"image/webp",extensions:["webp"],label:"WebP",check:"signature",uploads:["profileImage"]}],a=e=>t.find(t=>t.mime===e),r=e=>t.filter(t=>t.uploads.includes(e)).map(e=>e.mime),s=Object.fromEntries(t.flatMap(e=>e.extensions.map(t=>[t,e.mime])));e.s(["Y",0,s,"q",0,e=>t.filter(t=>t.uploads.includes(e)).flatMap(e=>[e.mime,...e.extensions.map(e=>`.${e}`)]).join(","),"b",0,e=>{let t=a(e);return"application/pdf"===e?"pdf":e.startsWith("image/")?"image":t?.check==="ofx"?"ofx":t?.check==="csv"?"csv":"xlsx"},"f",0,a,"H",0,e=>a(e)?.label??e,"z",0,r],54413);let i=r("profileImage"),l=r("statement"),o={maxSingleUploadBytes:0x3200000,maxBytes:0x40000000,partBytes:0x1000000,uploadUrlSeconds:300,downloadUrlSeconds:60,maxPartUrlsPerRequest:100},n={maxStatements:1e4,maxBytes:0x280000000,singleHoldSeconds:o.uploadUrlSeconds+900,multipartHoldSeconds:176400};o.maxBytes,o.partBytes,e.s(["v",0,1024,"o",0,/^\d{4}-(0[1-9]|1[0-2])$/,"x",0,{maxBytes:5242880,uploadUrlSeconds:300,downloadUrlSeconds:300},"h",0,i,"U",0,o,"D",0,{default:20,max:100},"i",0,n,"I",0,l,"f",0,{fileNameMaxChars:200,fileNameMaxStoredBytes:1024,accountLabelMaxChars:64,accountLabelMaxStoredBytes:512,displayNameMaxChars:80},"p",0,e=>encodeURIComponent(e),"L",0,e=>e>=0x40000000&&e%0x40000000==0?`${e/0x40000000} GiB`:e>=1048576?`${Math.round(e/1048576*10)/10} MiB`:e>=1024?`${Math.round(e/1024*10)/10} KiB`:`${e} ${1===e?"byte":"bytes"}`,"w",0,e=>e>o.maxSingleUploadBytes,"y",0,e=>{let t=[];for(let a=0;a<e;a+=o.partBytes)t.push(Math.min(o.partBytes,e-a));return t}],17362)},57704,e=>{e.v(t=>Promise.all(["static/chunks/1k4cgt7pig9hs.js"].map(t=>e.l(t))).then(()=>t(92343)))},45786,e=>{e.v(t=>Promise.all(["static/chunks/1wqz0a8-by7eh.js"].map(t=>e.l(t))).then(()=>t(68213)))},21923,e=>{"use strict";var t=e.i(18566),a=e.i(71645);e.s(["StatementKeys",0,({previous:e,next:r})=>{let s=(0,t.useRouter)();return(0,a.useEffect)(()=>{let t=t=>{let a;if(t.defaultPrevented||t.altKey||t.ctrlKey||t.metaKey||(a=t.target)instanceof HTMLElement&&(a.isContentEditable||["INPUT","TEXTAREA","SELECT"].includes(a.tagName)))return;let i="p"===t.key.toLowerCase()?e:"n"===t.key.toLowerCase()?r:void 0;i&&(t.preventDefault(),s.push(i))};return window.addEventListener("keydown",t),()=>window.removeEventListener("keydown",t)},[s,e,r]),null}],21923)},38609,e=>{"use strict";var t=e.i(57727),a=e.i(84364),r=e.i(18566),s=e.i(71645),i=e.i(6820),l=e.i(17362),o=e.i(41883),n=e.i(46241),d=e.i(96759),c=e.i(54413),c=c,m=e.i(68643),p=e.i(98313),u=e.i(62372),h=e.i(74336),f=e.i(75500);let b=(0,s.lazy)(()=>e.A(45786)),g=(0,s.lazy)(()=>e.A(98302)),y=(0,s.lazy)(()=>e.A(57704)),x=a.m`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.3rem 1rem;
  margin: 0 0 1rem;
  dt {
    color: ${p.B.color.muted};
    font-weight: 600;
  }
  dd {
    margin: 0;
    word-break: break-word;
  }
  @media (max-width: 480px) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: 0.4rem;
    }
  }
`;e.s(["StatementView",0,({statement:e})=>{let p=(0,r.useRouter)(),w=(0,o.C)(),v="SCANNING"===e.status;(0,s.useEffect)(()=>{if(!v)return;let e=setInterval(()=>p.refresh(),3e3);return()=>clearInterval(e)},[v,p]);let E=async()=>{try{(0,m.f)((await (0,d.A)("statementsApiUrl",i.f.downloadUrl,await w(),{params:{statementId:e.id}})).url)}catch(e){u.c.error(e.message)}},S=(0,c.b)(e.contentType),T=e.id,k=(0,s.useCallback)(async()=>(await (0,d.A)("statementsApiUrl",i.f.previewUrl,await w(),{params:{statementId:T}})).url,[T,w]);return(0,t.j)(t.y,{children:[(0,t.j)(f.N,{label:"Details",children:[(0,t.j)("dl",{css:x,children:[(0,t.s)("dt",{children:"Account"}),(0,t.s)("dd",{children:e.accountLabel}),(0,t.s)("dt",{children:"Period"}),(0,t.s)("dd",{children:(0,t.s)("time",{dateTime:e.period,children:(0,n.E)(e.period)})}),(0,t.s)("dt",{children:"Size"}),(0,t.s)("dd",{children:(0,l.L)(e.size)}),(0,t.s)("dt",{children:"Uploaded"}),(0,t.s)("dd",{children:(0,t.s)("time",{dateTime:e.uploadedAt,children:new Date(e.uploadedAt).toLocaleString()})}),(0,t.s)("dt",{children:"Malware scan"}),(0,t.s)("dd",{"data-testid":"scan-verdict",children:"AVAILABLE"===e.status?"Clean":v?"Scanning…":`Quarantined: ${e.scanDetail??"it did not pass the malware scan"}`})]}),(0,t.s)(h.Q,{item:e}),"AVAILABLE"===e.status&&(0,t.s)("p",{children:(0,t.s)(f.K,{variant:"secondary",onClick:()=>void E(),children:"Download"})})]}),(0,t.j)(f.N,{label:"Preview",children:[(0,t.s)("h2",{css:a.m`
            margin: 0 0 0.75rem;
            font-size: 1.2rem;
          `,children:"Preview"}),v?(0,t.s)("p",{role:"status","data-testid":"preview-unavailable",children:"This statement is being scanned for malware; it shows here once the scan finds it clean."}):"AVAILABLE"!==e.status?(0,t.j)("p",{role:"status","data-testid":"preview-unavailable",children:["This statement is quarantined (",e.scanDetail??"it did not pass the malware scan","), so it is never shown. You can delete it from the list."]}):(0,t.s)(s.Suspense,{fallback:(0,t.s)("p",{role:"status",children:"Loading the preview…"}),children:"pdf"===S?(0,t.s)(b,{url:k,size:e.size,fileName:e.fileName}):"image"===S?(0,t.s)(y,{url:k,fileName:e.fileName}):(0,t.s)(g,{url:k,size:e.size,kind:S})})]})]})}],38609)},98302,e=>{e.v(t=>Promise.all(["static/chunks/059wxaqe43-d7.js","static/chunks/3kihkomlrc-kg.js"].map(t=>e.l(t))).then(()=>t(40329)))},75500,e=>{"use strict";var t=e.i(57727),a=e.i(84364),r=e.i(71645),s=e.i(98313);let i=(e="primary")=>a.m`
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
`,l=a.m`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  margin: 0 0 1rem;
`,o=a.m`
  font-weight: 600;
`,n=(e=!1)=>a.m`
  min-height: 44px;
  padding: 0.5rem 0.7rem;
  border: 1px solid ${e?s.B.color.danger:s.B.color.border};
  border-radius: ${s.B.radius};
  font: inherit;
  width: 100%;
  box-sizing: border-box;
`,d=a.m`
  max-width: 26rem;
`;e.s(["K",0,({variant:e="primary",...a})=>(0,t.s)("button",{type:"button",css:i(e),...a}),"N",0,({children:e,label:r,id:i})=>(0,t.s)("section",{id:i,"aria-label":r,css:a.m`
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
      `,children:e}):null,"E",0,({value:e,max:r,label:i})=>(0,t.s)("progress",{value:e,max:r,"aria-label":i,css:a.m`
      width: 100%;
      height: 0.6rem;
      accent-color: ${s.B.color.primary};
    `}),"_",0,({label:e,options:i,...d})=>{let c=(0,r.useId)();return(0,t.j)("div",{css:l,children:[(0,t.s)("label",{htmlFor:c,css:o,children:e}),(0,t.s)("select",{id:c,css:[n(),a.m`
            background: ${s.B.color.surface};
          `],...d,children:i.map(e=>(0,t.s)("option",{value:e.value,children:e.text},e.value))})]})},"O",0,({label:e,hint:d,error:c,...m})=>{let p=(0,r.useId)(),[u,h]=(0,r.useState)(!1),f=[d?`${p}-hint`:"",c?`${p}-error`:""].filter(Boolean).join(" ")||void 0,b="password"===m.type,g=(0,t.s)("input",{id:p,"aria-invalid":!!c||void 0,"aria-describedby":f,css:n(!!c),...m,type:b&&u?"text":m.type});return(0,t.j)("div",{css:l,children:[(0,t.s)("label",{htmlFor:p,css:o,children:e}),b?(0,t.j)("div",{css:a.m`
            display: flex;
            gap: 0.5rem;
            > input {
              flex: 1;
            }
          `,children:[g,(0,t.s)("button",{type:"button","aria-controls":p,"aria-pressed":u,onClick:()=>h(e=>!e),css:i("secondary"),children:u?"Hide":"Show"})]}):g,d&&(0,t.s)("span",{id:`${p}-hint`,css:a.m`
            color: ${s.B.color.muted};
            font-size: 0.9rem;
          `,children:d}),c&&(0,t.s)("span",{id:`${p}-error`,role:"alert",css:a.m`
            color: ${s.B.color.danger};
            font-size: 0.9rem;
          `,children:c})]})},"U",0,d])},46241,e=>{"use strict";e.s(["N",0,(e,t)=>`${e.toLocaleString("en-US")} ${t}${1===e?"":"s"}`,"E",0,e=>{let t=/^(\d{4})-(\d{2})$/.exec(e);if(!t)return e;let a=new Date(Date.UTC(Number(t[1]),Number(t[2])-1,1));return new Intl.DateTimeFormat(void 0,{month:"short",year:"numeric",timeZone:"UTC"}).format(a)}])},68643,74336,e=>{"use strict";e.s(["f",0,e=>{let t=document.createElement("a");t.href=e,t.rel="noopener",document.body.append(t),t.click(),t.remove()}],68643);var t=e.i(57727),a=e.i(84364),r=e.i(17362),s=e.i(80561),i=e.i(22016),l=e.i(46241),o=e.i(88874),n=e.i(98313),d=e.i(75500);let c=a.m`
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
`,m=({item:e})=>{if(!e.checksum||!e.checksumType)return null;let i="COMPOSITE"===e.checksumType?e.checksum.split("-")[1]:void 0;return(0,t.j)("details",{"data-testid":"integrity",css:a.m`
        font-size: 0.85rem;
        color: ${n.B.color.muted};
        margin-top: 0.2rem;
      `,children:[(0,t.s)("summary",{children:"Integrity verified by storage"}),(0,t.j)("span",{children:[i?`SHA-256 of its ${i} parts of ${(0,r.L)(r.U.partBytes)} (S3 composite): `:"SHA-256: ",(0,t.s)("code",{css:a.m`
            word-break: break-all;
          `,children:(0,s.u)(e.checksum)})]})]})};e.s(["Q",0,m,"C",0,({items:e,selection:s,onDownload:p,onEdit:u,onDelete:h})=>(0,t.j)("table",{css:c,"aria-label":"Your statements",children:[(0,t.s)("thead",{children:(0,t.j)("tr",{children:[(0,t.s)("th",{scope:"col",children:(0,t.s)("input",{type:"checkbox","aria-label":"Select every statement on this page",checked:e.length>0&&e.every(e=>s.selected.has(e.id)),onChange:e=>s.onSelectAll(e.target.checked)})}),(0,t.s)("th",{scope:"col",children:"Period"}),(0,t.s)("th",{scope:"col",children:"Account"}),(0,t.s)("th",{scope:"col",children:"Name"}),(0,t.s)("th",{scope:"col",children:"Size"}),(0,t.s)("th",{scope:"col",children:"Uploaded"}),(0,t.s)("th",{scope:"col",children:(0,t.s)("span",{className:"visually-hidden",children:"Actions"})})]})}),(0,t.s)("tbody",{children:e.map((e,c)=>(0,t.j)("tr",{"data-testid":"statement-row",children:[(0,t.s)("td",{children:(0,t.s)("input",{type:"checkbox","aria-label":`Select ${e.fileName}`,checked:s.selected.has(e.id),onChange:()=>void 0,onClick:t=>s.onSelect(e,c,t.shiftKey)})}),(0,t.s)("td",{"data-label":"Period",children:(0,t.s)("time",{dateTime:e.period,children:(0,l.E)(e.period)})}),(0,t.s)("td",{"data-label":"Account",children:e.accountLabel}),(0,t.j)("td",{"data-label":"Name",className:"name",children:[(0,t.s)(i.default,{href:(0,o.i)(e.id),children:e.fileName}),(0,t.s)(m,{item:e})]}),(0,t.s)("td",{"data-label":"Size",children:(0,r.L)(e.size)}),(0,t.s)("td",{"data-label":"Uploaded",children:(0,t.s)("time",{dateTime:e.uploadedAt,children:new Date(e.uploadedAt).toLocaleDateString()})}),(0,t.s)("td",{children:(0,t.j)("div",{css:a.m`
                display: flex;
                gap: 0.5rem;
                flex-wrap: wrap;
              `,children:["AVAILABLE"===e.status?(0,t.s)(d.K,{variant:"secondary",onClick:()=>p(e),"aria-label":`Download ${e.fileName}`,children:"Download"}):(0,t.s)("span",{"data-testid":"statement-status","data-status":e.status,css:a.m`
                    align-self: center;
                    color: ${n.B.color.muted};
                  `,children:"SCANNING"===e.status?"Scanning for malware…":`Quarantined: ${e.scanDetail??"it did not pass the malware scan"}`}),(0,t.s)(d.K,{variant:"secondary",onClick:()=>u(e),"aria-label":`Edit ${e.fileName}`,children:"Edit"}),(0,t.s)(d.K,{variant:"secondary",onClick:()=>h(e),"aria-label":`Delete ${e.fileName}`,children:"Delete"})]})})]},e.id))})]})],74336)}]);