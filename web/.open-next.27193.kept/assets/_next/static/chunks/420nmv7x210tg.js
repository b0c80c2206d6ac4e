(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,73386,13715,58982,15096,9297,e=>{"use strict";var r=e.i(57727),t=e.i(71645),i=e.i(46675);let n={minLength:8,requireLowercase:!1,requireUppercase:!1,requireDigits:!1,requireSymbols:!1};e.s(["X",0,n,"v",0,{idTokenMinutes:60,accessTokenMinutes:60,refreshTokenDays:30},"H",0,e=>[...e].length<n.minLength?`The password needs at least ${n.minLength} characters.`:void 0],13715);let a={UsernameExistsException:"An account with this e-mail already exists. Sign in, or reset the password.",AliasExistsException:"Another account uses this e-mail address.",InvalidPasswordException:`The password needs at least ${n.minLength} characters.`,NotAuthorizedException:"The e-mail or password is not right.",CodeMismatchException:"That code is not right. Check the e-mail, or send a new code.",ExpiredCodeException:"That code has expired. Send a new one.",LimitExceededException:"Too many attempts. Wait a little and try again.",TooManyRequestsException:"Too many attempts. Wait a little and try again.",InvalidParameterException:"Check the e-mail address and try again.",EmptySignUpUsername:"Enter your e-mail address.",EmptySignInUsername:"Enter your e-mail address.",EmptySignInPassword:"Enter your password.",EmptyConfirmSignUpCode:"Enter the code from the e-mail.",EmptyResetPasswordUsername:"Enter your e-mail address.",UserAlreadyAuthenticatedException:"You are already signed in.",NetworkError:"The sign-in service could not be reached. Check your connection."},o=()=>()=>void 0,s=()=>(0,t.useSyncExternalStore)(o,()=>!0,()=>!1);e.s(["f",0,s],58982);var d=e.i(75500);let c=()=>void(0,i.M)().catch(()=>void 0);e.s(["h",0,({onSubmit:e,children:t})=>(0,r.s)("form",{method:"post",onSubmit:e,onFocus:c,css:d.U,noValidate:!0,children:t}),"e",0,({busy:e,busyLabel:t,children:i})=>{let n=s();return(0,r.s)(d.K,{type:"submit",disabled:e||!n,children:e?t:i})},"$",0,e=>{let[r,i,n]=(0,t.useActionState)(async(r,t)=>{try{return await e(t)??{}}catch(e){return{error:a[e?.name??""]??e?.message??"Something went wrong. Please try again."}}},{}),o=e=>{let r,n=(r=e?new FormData(e):void 0,{text:e=>{let t=r?.get(e);return"string"==typeof t?t:""},reset:()=>e?.reset()});(0,t.startTransition)(()=>i(n))};return{...r,busy:n,submit:e=>{e.preventDefault(),o(e.currentTarget)},run:o}}],73386);let l="statement-vault.pending-email",m=()=>{let e=(0,t.useRef)(null),r=(0,t.useRef)(!1);return(0,t.useEffect)(()=>{let t=e.current,i=(()=>{try{let e=sessionStorage.getItem(l)??"";return sessionStorage.removeItem(l),e}catch{return""}})();t&&i&&""===t.value&&document.activeElement!==t&&(t.value=i,r.current=!0)},[]),{ref:e,onMouseDown(e){r.current&&document.activeElement!==e.currentTarget&&(e.preventDefault(),e.currentTarget.focus(),e.currentTarget.select())},onFocus(e){r.current&&e.currentTarget.select()},onInput(){r.current=!1}}};e.s(["M",0,e=>{try{sessionStorage.setItem(l,e.trim())}catch{}},"P",0,m],15096),e.s(["O",0,({label:e,name:t,hint:i})=>(0,r.s)(d.O,{label:e,name:t,inputMode:"numeric",autoComplete:"one-time-code",required:!0,hint:i}),"F",0,({label:e,name:t})=>(0,r.s)(d.O,{label:e,name:t,type:"password",autoComplete:"current-password",required:!0}),"G",0,({name:e,label:t="E-mail",error:i})=>(0,r.s)(d.O,{label:t,name:e,type:"email",autoComplete:"email",required:!0,error:i}),"P",0,({name:e})=>{let t=m();return(0,r.s)(d.O,{label:"E-mail",name:e,type:"email",autoComplete:"email",required:!0,...t})},"e",0,({label:e,name:t,error:i})=>(0,r.s)(d.O,{label:e,name:t,type:"password",autoComplete:"new-password",required:!0,minLength:n.minLength,hint:`At least ${n.minLength} characters. Any characters will do; a phrase is easy to remember.`,error:i})],9297)},1835,e=>{"use strict";var r=e.i(57727),t=e.i(46675),i=e.i(73386),n=e.i(18566),a=e.i(62372),o=e.i(15096),s=e.i(75500),d=e.i(9297);e.s(["ConfirmForm",0,()=>{let e=(0,n.useRouter)(),c=(0,n.useSearchParams)(),l=(0,i.$)(async r=>{let i=r.text("email").trim();await (await (0,t.M)()).confirmSignUp({username:i,confirmationCode:r.text("code").trim()}),a.c.success("Your e-mail is confirmed. You can sign in now."),(0,o.M)(i),e.push(`/sign-in${c.get("next")?`?next=${encodeURIComponent(c.get("next"))}`:""}`)}),m=(0,i.$)(async e=>{let r=e.text("email").trim();if(!r)return{error:"Enter your e-mail address, and a new code goes to it."};await (await (0,t.M)()).resendSignUpCode({username:r}),a.c.info(`A new code is on its way to ${r}.`)});return(0,r.j)(i.h,{onSubmit:l.submit,children:[(0,r.s)(d.P,{name:"email"}),(0,r.s)(d.O,{label:"Confirmation code",name:"code",hint:"The 6-digit code from the e-mail we sent you."}),(0,r.s)(s.$,{message:l.error??m.error}),(0,r.j)("div",{className:"actions",children:[(0,r.s)(i.e,{busy:l.busy,busyLabel:"Confirming…",children:"Confirm"}),(0,r.s)(s.K,{variant:"secondary",onClick:e=>m.run(e.currentTarget.form),disabled:m.busy,children:"Send a new code"})]})]})}])},75500,e=>{"use strict";var r=e.i(57727),t=e.i(84364),i=e.i(71645),n=e.i(98313);let a=(e="primary")=>t.m`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  min-height: 44px;
  padding: 0.55rem 1.1rem;
  border-radius: ${n.B.radius};
  border: 1px solid ${"secondary"===e?n.B.color.border:"transparent"};
  background: ${"primary"===e?n.B.color.primary:"danger"===e?n.B.color.dangerStrong:n.B.color.surface};
  color: ${"secondary"===e?n.B.color.text:n.B.color.onPrimary};
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
`,o=t.m`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  margin: 0 0 1rem;
`,s=t.m`
  font-weight: 600;
`,d=(e=!1)=>t.m`
  min-height: 44px;
  padding: 0.5rem 0.7rem;
  border: 1px solid ${e?n.B.color.danger:n.B.color.border};
  border-radius: ${n.B.radius};
  font: inherit;
  width: 100%;
  box-sizing: border-box;
`,c=t.m`
  max-width: 26rem;
`;e.s(["K",0,({variant:e="primary",...t})=>(0,r.s)("button",{type:"button",css:a(e),...t}),"N",0,({children:e,label:i,id:a})=>(0,r.s)("section",{id:a,"aria-label":i,css:t.m`
      background: ${n.B.color.surface};
      border: 1px solid ${n.B.color.border};
      border-radius: ${n.B.radius};
      padding: 1.25rem;
      margin: 0 0 1.25rem;
      @media (max-width: 480px) {
        padding: 1rem 0.85rem;
      }
    `,children:e}),"$",0,({message:e})=>e?(0,r.s)("p",{role:"alert",css:t.m`
        color: ${n.B.color.danger};
        background: ${n.B.color.dangerSurface};
        border: 1px solid ${n.B.color.dangerBorder};
        border-radius: ${n.B.radius};
        padding: 0.6rem 0.8rem;
      `,children:e}):null,"E",0,({value:e,max:i,label:a})=>(0,r.s)("progress",{value:e,max:i,"aria-label":a,css:t.m`
      width: 100%;
      height: 0.6rem;
      accent-color: ${n.B.color.primary};
    `}),"_",0,({label:e,options:a,...c})=>{let l=(0,i.useId)();return(0,r.j)("div",{css:o,children:[(0,r.s)("label",{htmlFor:l,css:s,children:e}),(0,r.s)("select",{id:l,css:[d(),t.m`
            background: ${n.B.color.surface};
          `],...c,children:a.map(e=>(0,r.s)("option",{value:e.value,children:e.text},e.value))})]})},"O",0,({label:e,hint:c,error:l,...m})=>{let u=(0,i.useId)(),[p,h]=(0,i.useState)(!1),g=[c?`${u}-hint`:"",l?`${u}-error`:""].filter(Boolean).join(" ")||void 0,y="password"===m.type,b=(0,r.s)("input",{id:u,"aria-invalid":!!l||void 0,"aria-describedby":g,css:d(!!l),...m,type:y&&p?"text":m.type});return(0,r.j)("div",{css:o,children:[(0,r.s)("label",{htmlFor:u,css:s,children:e}),y?(0,r.j)("div",{css:t.m`
            display: flex;
            gap: 0.5rem;
            > input {
              flex: 1;
            }
          `,children:[b,(0,r.s)("button",{type:"button","aria-controls":u,"aria-pressed":p,onClick:()=>h(e=>!e),css:a("secondary"),children:p?"Hide":"Show"})]}):b,c&&(0,r.s)("span",{id:`${u}-hint`,css:t.m`
            color: ${n.B.color.muted};
            font-size: 0.9rem;
          `,children:c}),l&&(0,r.s)("span",{id:`${u}-error`,role:"alert",css:t.m`
            color: ${n.B.color.danger};
            font-size: 0.9rem;
          `,children:l})]})},"U",0,c])}]);