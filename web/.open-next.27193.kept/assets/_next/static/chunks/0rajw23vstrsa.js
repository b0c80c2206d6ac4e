(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,73386,13715,58982,15096,9297,e=>{"use strict";var r=e.i(57727),t=e.i(71645),n=e.i(46675);let s={minLength:8,requireLowercase:!1,requireUppercase:!1,requireDigits:!1,requireSymbols:!1};e.s(["X",0,s,"v",0,{idTokenMinutes:60,accessTokenMinutes:60,refreshTokenDays:30},"H",0,e=>[...e].length<s.minLength?`The password needs at least ${s.minLength} characters.`:void 0],13715);let i={UsernameExistsException:"An account with this e-mail already exists. Sign in, or reset the password.",AliasExistsException:"Another account uses this e-mail address.",InvalidPasswordException:`The password needs at least ${s.minLength} characters.`,NotAuthorizedException:"The e-mail or password is not right.",CodeMismatchException:"That code is not right. Check the e-mail, or send a new code.",ExpiredCodeException:"That code has expired. Send a new one.",LimitExceededException:"Too many attempts. Wait a little and try again.",TooManyRequestsException:"Too many attempts. Wait a little and try again.",InvalidParameterException:"Check the e-mail address and try again.",EmptySignUpUsername:"Enter your e-mail address.",EmptySignInUsername:"Enter your e-mail address.",EmptySignInPassword:"Enter your password.",EmptyConfirmSignUpCode:"Enter the code from the e-mail.",EmptyResetPasswordUsername:"Enter your e-mail address.",UserAlreadyAuthenticatedException:"You are already signed in.",NetworkError:"The sign-in service could not be reached. Check your connection."},a=()=>()=>void 0,o=()=>(0,t.useSyncExternalStore)(a,()=>!0,()=>!1);e.s(["f",0,o],58982);var d=e.i(75500);let l=()=>void(0,n.M)().catch(()=>void 0);e.s(["h",0,({onSubmit:e,children:t})=>(0,r.s)("form",{method:"post",onSubmit:e,onFocus:l,css:d.U,noValidate:!0,children:t}),"e",0,({busy:e,busyLabel:t,children:n})=>{let s=o();return(0,r.s)(d.K,{type:"submit",disabled:e||!s,children:e?t:n})},"$",0,e=>{let[r,n,s]=(0,t.useActionState)(async(r,t)=>{try{return await e(t)??{}}catch(e){return{error:i[e?.name??""]??e?.message??"Something went wrong. Please try again."}}},{}),a=e=>{let r,s=(r=e?new FormData(e):void 0,{text:e=>{let t=r?.get(e);return"string"==typeof t?t:""},reset:()=>e?.reset()});(0,t.startTransition)(()=>n(s))};return{...r,busy:s,submit:e=>{e.preventDefault(),a(e.currentTarget)},run:a}}],73386);let c="statement-vault.pending-email",u=()=>{let e=(0,t.useRef)(null),r=(0,t.useRef)(!1);return(0,t.useEffect)(()=>{let t=e.current,n=(()=>{try{let e=sessionStorage.getItem(c)??"";return sessionStorage.removeItem(c),e}catch{return""}})();t&&n&&""===t.value&&document.activeElement!==t&&(t.value=n,r.current=!0)},[]),{ref:e,onMouseDown(e){r.current&&document.activeElement!==e.currentTarget&&(e.preventDefault(),e.currentTarget.focus(),e.currentTarget.select())},onFocus(e){r.current&&e.currentTarget.select()},onInput(){r.current=!1}}};e.s(["M",0,e=>{try{sessionStorage.setItem(c,e.trim())}catch{}},"P",0,u],15096),e.s(["O",0,({label:e,name:t,hint:n})=>(0,r.s)(d.O,{label:e,name:t,inputMode:"numeric",autoComplete:"one-time-code",required:!0,hint:n}),"F",0,({label:e,name:t})=>(0,r.s)(d.O,{label:e,name:t,type:"password",autoComplete:"current-password",required:!0}),"G",0,({name:e,label:t="E-mail",error:n})=>(0,r.s)(d.O,{label:t,name:e,type:"email",autoComplete:"email",required:!0,error:n}),"P",0,({name:e})=>{let t=u();return(0,r.s)(d.O,{label:"E-mail",name:e,type:"email",autoComplete:"email",required:!0,...t})},"e",0,({label:e,name:t,error:n})=>(0,r.s)(d.O,{label:e,name:t,type:"password",autoComplete:"new-password",required:!0,minLength:s.minLength,hint:`At least ${s.minLength} characters. Any characters will do; a phrase is easy to remember.`,error:n})],9297)},25196,e=>{"use strict";var r=e.i(57727),t=e.i(46675),n=e.i(73386),s=e.i(22016),i=e.i(18566),a=e.i(71645),o=e.i(41883),d=e.i(15096),l=e.i(70330),c=e.i(88874),u=e.i(75500),m=e.i(9297);e.s(["SignInForm",0,()=>{let e=(0,i.useRouter)(),p=(0,i.useSearchParams)(),h=(0,c.L)(p.get("next")),{state:g,refresh:y}=(0,o.F)();(0,a.useEffect)(()=>{"signedIn"===g.status&&e.replace(h)},[g.status,e,h]);let b=p.get("reason"),w=b===c.D.sessionEnded;(0,a.useEffect)(()=>{w&&(0,o.l)()},[w]);let{error:x,busy:f,submit:E}=(0,n.$)(async r=>{let n=r.text("email").trim(),s=await (await (0,t.M)()).signIn({username:n,password:r.text("password")});if("CONFIRM_SIGN_UP"===s.nextStep.signInStep){await (await (0,t.M)()).resendSignUpCode({username:n}).catch(()=>void 0),(0,d.M)(n),e.push(`/confirm?next=${encodeURIComponent(h)}`);return}if(!s.isSignedIn)throw Error(`Sign-in needs a step this app does not support (${s.nextStep.signInStep}).`);await y(),e.replace(h)});return(0,r.j)(n.h,{onSubmit:E,children:[w?(0,r.s)("p",{role:"status",children:l.Z.sessionEnded}):b===c.D.signInAgain?(0,r.s)("p",{role:"status",children:l.Z.signInAgain}):p.get("next")&&(0,r.s)("p",{role:"status",children:"Sign in to continue."}),(0,r.s)(m.P,{name:"email"}),(0,r.s)(m.F,{label:"Password",name:"password"}),(0,r.s)(u.$,{message:x}),(0,r.s)(n.e,{busy:f,busyLabel:"Signing in…",children:"Sign in"}),(0,r.j)("p",{children:[(0,r.s)(s.default,{href:"/forgot-password",children:"Forgot your password?"})," · New here? ",(0,r.s)(s.default,{href:"/sign-up",children:"Create an account"})]})]})}])},75500,e=>{"use strict";var r=e.i(57727),t=e.i(84364),n=e.i(71645),s=e.i(98313);let i=(e="primary")=>t.m`
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
`,a=t.m`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  margin: 0 0 1rem;
`,o=t.m`
  font-weight: 600;
`,d=(e=!1)=>t.m`
  min-height: 44px;
  padding: 0.5rem 0.7rem;
  border: 1px solid ${e?s.B.color.danger:s.B.color.border};
  border-radius: ${s.B.radius};
  font: inherit;
  width: 100%;
  box-sizing: border-box;
`,l=t.m`
  max-width: 26rem;
`;e.s(["K",0,({variant:e="primary",...t})=>(0,r.s)("button",{type:"button",css:i(e),...t}),"N",0,({children:e,label:n,id:i})=>(0,r.s)("section",{id:i,"aria-label":n,css:t.m`
      background: ${s.B.color.surface};
      border: 1px solid ${s.B.color.border};
      border-radius: ${s.B.radius};
      padding: 1.25rem;
      margin: 0 0 1.25rem;
      @media (max-width: 480px) {
        padding: 1rem 0.85rem;
      }
    `,children:e}),"$",0,({message:e})=>e?(0,r.s)("p",{role:"alert",css:t.m`
        color: ${s.B.color.danger};
        background: ${s.B.color.dangerSurface};
        border: 1px solid ${s.B.color.dangerBorder};
        border-radius: ${s.B.radius};
        padding: 0.6rem 0.8rem;
      `,children:e}):null,"E",0,({value:e,max:n,label:i})=>(0,r.s)("progress",{value:e,max:n,"aria-label":i,css:t.m`
      width: 100%;
      height: 0.6rem;
      accent-color: ${s.B.color.primary};
    `}),"_",0,({label:e,options:i,...l})=>{let c=(0,n.useId)();return(0,r.j)("div",{css:a,children:[(0,r.s)("label",{htmlFor:c,css:o,children:e}),(0,r.s)("select",{id:c,css:[d(),t.m`
            background: ${s.B.color.surface};
          `],...l,children:i.map(e=>(0,r.s)("option",{value:e.value,children:e.text},e.value))})]})},"O",0,({label:e,hint:l,error:c,...u})=>{let m=(0,n.useId)(),[p,h]=(0,n.useState)(!1),g=[l?`${m}-hint`:"",c?`${m}-error`:""].filter(Boolean).join(" ")||void 0,y="password"===u.type,b=(0,r.s)("input",{id:m,"aria-invalid":!!c||void 0,"aria-describedby":g,css:d(!!c),...u,type:y&&p?"text":u.type});return(0,r.j)("div",{css:a,children:[(0,r.s)("label",{htmlFor:m,css:o,children:e}),y?(0,r.j)("div",{css:t.m`
            display: flex;
            gap: 0.5rem;
            > input {
              flex: 1;
            }
          `,children:[b,(0,r.s)("button",{type:"button","aria-controls":m,"aria-pressed":p,onClick:()=>h(e=>!e),css:i("secondary"),children:p?"Hide":"Show"})]}):b,l&&(0,r.s)("span",{id:`${m}-hint`,css:t.m`
            color: ${s.B.color.muted};
            font-size: 0.9rem;
          `,children:l}),c&&(0,r.s)("span",{id:`${m}-error`,role:"alert",css:t.m`
            color: ${s.B.color.danger};
            font-size: 0.9rem;
          `,children:c})]})},"U",0,l])}]);