(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,73386,13715,58982,15096,9297,e=>{"use strict";var r=e.i(57727),t=e.i(71645),i=e.i(46675);let a={minLength:8,requireLowercase:!1,requireUppercase:!1,requireDigits:!1,requireSymbols:!1};e.s(["X",0,a,"v",0,{idTokenMinutes:60,accessTokenMinutes:60,refreshTokenDays:30},"H",0,e=>[...e].length<a.minLength?`The password needs at least ${a.minLength} characters.`:void 0],13715);let n={UsernameExistsException:"An account with this e-mail already exists. Sign in, or reset the password.",AliasExistsException:"Another account uses this e-mail address.",InvalidPasswordException:`The password needs at least ${a.minLength} characters.`,NotAuthorizedException:"The e-mail or password is not right.",CodeMismatchException:"That code is not right. Check the e-mail, or send a new code.",ExpiredCodeException:"That code has expired. Send a new one.",LimitExceededException:"Too many attempts. Wait a little and try again.",TooManyRequestsException:"Too many attempts. Wait a little and try again.",InvalidParameterException:"Check the e-mail address and try again.",EmptySignUpUsername:"Enter your e-mail address.",EmptySignInUsername:"Enter your e-mail address.",EmptySignInPassword:"Enter your password.",EmptyConfirmSignUpCode:"Enter the code from the e-mail.",EmptyResetPasswordUsername:"Enter your e-mail address.",UserAlreadyAuthenticatedException:"You are already signed in.",NetworkError:"The sign-in service could not be reached. Check your connection."},s=()=>()=>void 0,o=()=>(0,t.useSyncExternalStore)(s,()=>!0,()=>!1);e.s(["f",0,o],58982);var d=e.i(75500);let l=()=>void(0,i.M)().catch(()=>void 0);e.s(["h",0,({onSubmit:e,children:t})=>(0,r.s)("form",{method:"post",onSubmit:e,onFocus:l,css:d.U,noValidate:!0,children:t}),"e",0,({busy:e,busyLabel:t,children:i})=>{let a=o();return(0,r.s)(d.K,{type:"submit",disabled:e||!a,children:e?t:i})},"$",0,e=>{let[r,i,a]=(0,t.useActionState)(async(r,t)=>{try{return await e(t)??{}}catch(e){return{error:n[e?.name??""]??e?.message??"Something went wrong. Please try again."}}},{}),s=e=>{let r,a=(r=e?new FormData(e):void 0,{text:e=>{let t=r?.get(e);return"string"==typeof t?t:""},reset:()=>e?.reset()});(0,t.startTransition)(()=>i(a))};return{...r,busy:a,submit:e=>{e.preventDefault(),s(e.currentTarget)},run:s}}],73386);let c="statement-vault.pending-email",m=()=>{let e=(0,t.useRef)(null),r=(0,t.useRef)(!1);return(0,t.useEffect)(()=>{let t=e.current,i=(()=>{try{let e=sessionStorage.getItem(c)??"";return sessionStorage.removeItem(c),e}catch{return""}})();t&&i&&""===t.value&&document.activeElement!==t&&(t.value=i,r.current=!0)},[]),{ref:e,onMouseDown(e){r.current&&document.activeElement!==e.currentTarget&&(e.preventDefault(),e.currentTarget.focus(),e.currentTarget.select())},onFocus(e){r.current&&e.currentTarget.select()},onInput(){r.current=!1}}};e.s(["M",0,e=>{try{sessionStorage.setItem(c,e.trim())}catch{}},"P",0,m],15096),e.s(["O",0,({label:e,name:t,hint:i})=>(0,r.s)(d.O,{label:e,name:t,inputMode:"numeric",autoComplete:"one-time-code",required:!0,hint:i}),"F",0,({label:e,name:t})=>(0,r.s)(d.O,{label:e,name:t,type:"password",autoComplete:"current-password",required:!0}),"G",0,({name:e,label:t="E-mail",error:i})=>(0,r.s)(d.O,{label:t,name:e,type:"email",autoComplete:"email",required:!0,error:i}),"P",0,({name:e})=>{let t=m();return(0,r.s)(d.O,{label:"E-mail",name:e,type:"email",autoComplete:"email",required:!0,...t})},"e",0,({label:e,name:t,error:i})=>(0,r.s)(d.O,{label:e,name:t,type:"password",autoComplete:"new-password",required:!0,minLength:a.minLength,hint:`At least ${a.minLength} characters. Any characters will do; a phrase is easy to remember.`,error:i})],9297)},6386,e=>{"use strict";var r=e.i(57727),t=e.i(46675),i=e.i(73386),a=e.i(22016),n=e.i(18566),s=e.i(13715),o=e.i(15096),d=e.i(75500),l=e.i(9297);e.s(["SignUpForm",0,()=>{let e=(0,n.useRouter)(),{error:c,fieldError:m,busy:u,submit:p}=(0,i.$)(async r=>{let i=r.text("email").trim(),a=r.text("password"),n=(0,s.H)(a);if(n)return{fieldError:n};let d=await (await (0,t.M)()).signUp({username:i,password:a,options:{userAttributes:{email:i}}});(0,o.M)(i),e.push(d.isSignUpComplete?"/sign-in":"/confirm")});return(0,r.j)(i.h,{onSubmit:p,children:[(0,r.s)(l.G,{name:"email"}),(0,r.s)(l.e,{label:"Password",name:"password",error:m}),(0,r.s)(d.$,{message:c}),(0,r.s)(i.e,{busy:u,busyLabel:"Creating your account…",children:"Create account"}),(0,r.j)("p",{children:["Already have an account? ",(0,r.s)(a.default,{href:"/sign-in",children:"Sign in"})]})]})}])},75500,e=>{"use strict";var r=e.i(57727),t=e.i(84364),i=e.i(71645),a=e.i(98313);let n=(e="primary")=>t.m`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  min-height: 44px;
  padding: 0.55rem 1.1rem;
  border-radius: ${a.B.radius};
  border: 1px solid ${"secondary"===e?a.B.color.border:"transparent"};
  background: ${"primary"===e?a.B.color.primary:"danger"===e?a.B.color.dangerStrong:a.B.color.surface};
  color: ${"secondary"===e?a.B.color.text:a.B.color.onPrimary};
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
`,s=t.m`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  margin: 0 0 1rem;
`,o=t.m`
  font-weight: 600;
`,d=(e=!1)=>t.m`
  min-height: 44px;
  padding: 0.5rem 0.7rem;
  border: 1px solid ${e?a.B.color.danger:a.B.color.border};
  border-radius: ${a.B.radius};
  font: inherit;
  width: 100%;
  box-sizing: border-box;
`,l=t.m`
  max-width: 26rem;
`;e.s(["K",0,({variant:e="primary",...t})=>(0,r.s)("button",{type:"button",css:n(e),...t}),"N",0,({children:e,label:i,id:n})=>(0,r.s)("section",{id:n,"aria-label":i,css:t.m`
      background: ${a.B.color.surface};
      border: 1px solid ${a.B.color.border};
      border-radius: ${a.B.radius};
      padding: 1.25rem;
      margin: 0 0 1.25rem;
      @media (max-width: 480px) {
        padding: 1rem 0.85rem;
      }
    `,children:e}),"$",0,({message:e})=>e?(0,r.s)("p",{role:"alert",css:t.m`
        color: ${a.B.color.danger};
        background: ${a.B.color.dangerSurface};
        border: 1px solid ${a.B.color.dangerBorder};
        border-radius: ${a.B.radius};
        padding: 0.6rem 0.8rem;
      `,children:e}):null,"E",0,({value:e,max:i,label:n})=>(0,r.s)("progress",{value:e,max:i,"aria-label":n,css:t.m`
      width: 100%;
      height: 0.6rem;
      accent-color: ${a.B.color.primary};
    `}),"_",0,({label:e,options:n,...l})=>{let c=(0,i.useId)();return(0,r.j)("div",{css:s,children:[(0,r.s)("label",{htmlFor:c,css:o,children:e}),(0,r.s)("select",{id:c,css:[d(),t.m`
            background: ${a.B.color.surface};
          `],...l,children:n.map(e=>(0,r.s)("option",{value:e.value,children:e.text},e.value))})]})},"O",0,({label:e,hint:l,error:c,...m})=>{let u=(0,i.useId)(),[p,h]=(0,i.useState)(!1),g=[l?`${u}-hint`:"",c?`${u}-error`:""].filter(Boolean).join(" ")||void 0,y="password"===m.type,b=(0,r.s)("input",{id:u,"aria-invalid":!!c||void 0,"aria-describedby":g,css:d(!!c),...m,type:y&&p?"text":m.type});return(0,r.j)("div",{css:s,children:[(0,r.s)("label",{htmlFor:u,css:o,children:e}),y?(0,r.j)("div",{css:t.m`
            display: flex;
            gap: 0.5rem;
            > input {
              flex: 1;
            }
          `,children:[b,(0,r.s)("button",{type:"button","aria-controls":u,"aria-pressed":p,onClick:()=>h(e=>!e),css:n("secondary"),children:p?"Hide":"Show"})]}):b,l&&(0,r.s)("span",{id:`${u}-hint`,css:t.m`
            color: ${a.B.color.muted};
            font-size: 0.9rem;
          `,children:l}),c&&(0,r.s)("span",{id:`${u}-error`,role:"alert",css:t.m`
            color: ${a.B.color.danger};
            font-size: 0.9rem;
          `,children:c})]})},"U",0,l])}]);