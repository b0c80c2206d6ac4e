(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,73386,13715,58982,15096,9297,e=>{"use strict";var r=e.i(57727),t=e.i(71645),s=e.i(46675);let a={minLength:8,requireLowercase:!1,requireUppercase:!1,requireDigits:!1,requireSymbols:!1};e.s(["X",0,a,"v",0,{idTokenMinutes:60,accessTokenMinutes:60,refreshTokenDays:30},"H",0,e=>[...e].length<a.minLength?`The password needs at least ${a.minLength} characters.`:void 0],13715);let i={UsernameExistsException:"An account with this e-mail already exists. Sign in, or reset the password.",AliasExistsException:"Another account uses this e-mail address.",InvalidPasswordException:`The password needs at least ${a.minLength} characters.`,NotAuthorizedException:"The e-mail or password is not right.",CodeMismatchException:"That code is not right. Check the e-mail, or send a new code.",ExpiredCodeException:"That code has expired. Send a new one.",LimitExceededException:"Too many attempts. Wait a little and try again.",TooManyRequestsException:"Too many attempts. Wait a little and try again.",InvalidParameterException:"Check the e-mail address and try again.",EmptySignUpUsername:"Enter your e-mail address.",EmptySignInUsername:"Enter your e-mail address.",EmptySignInPassword:"Enter your password.",EmptyConfirmSignUpCode:"Enter the code from the e-mail.",EmptyResetPasswordUsername:"Enter your e-mail address.",UserAlreadyAuthenticatedException:"You are already signed in.",NetworkError:"The sign-in service could not be reached. Check your connection."},o=()=>()=>void 0,n=()=>(0,t.useSyncExternalStore)(o,()=>!0,()=>!1);e.s(["f",0,n],58982);var d=e.i(75500);let l=()=>void(0,s.M)().catch(()=>void 0);e.s(["h",0,({onSubmit:e,children:t})=>(0,r.s)("form",{method:"post",onSubmit:e,onFocus:l,css:d.U,noValidate:!0,children:t}),"e",0,({busy:e,busyLabel:t,children:s})=>{let a=n();return(0,r.s)(d.K,{type:"submit",disabled:e||!a,children:e?t:s})},"$",0,e=>{let[r,s,a]=(0,t.useActionState)(async(r,t)=>{try{return await e(t)??{}}catch(e){return{error:i[e?.name??""]??e?.message??"Something went wrong. Please try again."}}},{}),o=e=>{let r,a=(r=e?new FormData(e):void 0,{text:e=>{let t=r?.get(e);return"string"==typeof t?t:""},reset:()=>e?.reset()});(0,t.startTransition)(()=>s(a))};return{...r,busy:a,submit:e=>{e.preventDefault(),o(e.currentTarget)},run:o}}],73386);let c="statement-vault.pending-email",m=()=>{let e=(0,t.useRef)(null),r=(0,t.useRef)(!1);return(0,t.useEffect)(()=>{let t=e.current,s=(()=>{try{let e=sessionStorage.getItem(c)??"";return sessionStorage.removeItem(c),e}catch{return""}})();t&&s&&""===t.value&&document.activeElement!==t&&(t.value=s,r.current=!0)},[]),{ref:e,onMouseDown(e){r.current&&document.activeElement!==e.currentTarget&&(e.preventDefault(),e.currentTarget.focus(),e.currentTarget.select())},onFocus(e){r.current&&e.currentTarget.select()},onInput(){r.current=!1}}};e.s(["M",0,e=>{try{sessionStorage.setItem(c,e.trim())}catch{}},"P",0,m],15096),e.s(["O",0,({label:e,name:t,hint:s})=>(0,r.s)(d.O,{label:e,name:t,inputMode:"numeric",autoComplete:"one-time-code",required:!0,hint:s}),"F",0,({label:e,name:t})=>(0,r.s)(d.O,{label:e,name:t,type:"password",autoComplete:"current-password",required:!0}),"G",0,({name:e,label:t="E-mail",error:s})=>(0,r.s)(d.O,{label:t,name:e,type:"email",autoComplete:"email",required:!0,error:s}),"P",0,({name:e})=>{let t=m();return(0,r.s)(d.O,{label:"E-mail",name:e,type:"email",autoComplete:"email",required:!0,...t})},"e",0,({label:e,name:t,error:s})=>(0,r.s)(d.O,{label:e,name:t,type:"password",autoComplete:"new-password",required:!0,minLength:a.minLength,hint:`At least ${a.minLength} characters. Any characters will do; a phrase is easy to remember.`,error:s})],9297)},59385,e=>{"use strict";var r=e.i(57727),t=e.i(46675),s=e.i(73386),a=e.i(18566),i=e.i(71645),o=e.i(62372),n=e.i(13715),d=e.i(15096),l=e.i(75500),c=e.i(9297);e.s(["ForgotPasswordForm",0,()=>{let e=(0,a.useRouter)(),[m,u]=(0,i.useState)("request"),[p,h]=(0,i.useState)(""),g=(0,s.$)(async e=>{let r=e.text("email").trim();await (await (0,t.M)()).resetPassword({username:r}),h(r),u("reset")}),y=(0,s.$)(async r=>{let s=r.text("password"),a=(0,n.H)(s);if(a)return{fieldError:a};await (await (0,t.M)()).confirmResetPassword({username:p,confirmationCode:r.text("code").trim(),newPassword:s}),o.c.success("Your password is changed. Sign in with the new one."),(0,d.M)(p),e.push("/sign-in")});return"request"===m?(0,r.j)(s.h,{onSubmit:g.submit,children:[(0,r.s)(c.G,{name:"email"}),(0,r.s)(l.$,{message:g.error}),(0,r.s)(s.e,{busy:g.busy,busyLabel:"Sending…",children:"Send me a code"})]},"request"):(0,r.j)(s.h,{onSubmit:y.submit,children:[(0,r.j)("p",{role:"status",children:["If an account exists for ",p,", a code is on its way."]}),(0,r.s)(c.O,{label:"Code",name:"code"}),(0,r.s)(c.e,{label:"New password",name:"password",error:y.fieldError}),(0,r.s)(l.$,{message:y.error}),(0,r.s)(s.e,{busy:y.busy,busyLabel:"Saving…",children:"Set new password"})]},"reset")}])},75500,e=>{"use strict";var r=e.i(57727),t=e.i(84364),s=e.i(71645),a=e.i(98313);let i=(e="primary")=>t.m`
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
`,o=t.m`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  margin: 0 0 1rem;
`,n=t.m`
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
`;e.s(["K",0,({variant:e="primary",...t})=>(0,r.s)("button",{type:"button",css:i(e),...t}),"N",0,({children:e,label:s,id:i})=>(0,r.s)("section",{id:i,"aria-label":s,css:t.m`
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
      `,children:e}):null,"E",0,({value:e,max:s,label:i})=>(0,r.s)("progress",{value:e,max:s,"aria-label":i,css:t.m`
      width: 100%;
      height: 0.6rem;
      accent-color: ${a.B.color.primary};
    `}),"_",0,({label:e,options:i,...l})=>{let c=(0,s.useId)();return(0,r.j)("div",{css:o,children:[(0,r.s)("label",{htmlFor:c,css:n,children:e}),(0,r.s)("select",{id:c,css:[d(),t.m`
            background: ${a.B.color.surface};
          `],...l,children:i.map(e=>(0,r.s)("option",{value:e.value,children:e.text},e.value))})]})},"O",0,({label:e,hint:l,error:c,...m})=>{let u=(0,s.useId)(),[p,h]=(0,s.useState)(!1),g=[l?`${u}-hint`:"",c?`${u}-error`:""].filter(Boolean).join(" ")||void 0,y="password"===m.type,b=(0,r.s)("input",{id:u,"aria-invalid":!!c||void 0,"aria-describedby":g,css:d(!!c),...m,type:y&&p?"text":m.type});return(0,r.j)("div",{css:o,children:[(0,r.s)("label",{htmlFor:u,css:n,children:e}),y?(0,r.j)("div",{css:t.m`
            display: flex;
            gap: 0.5rem;
            > input {
              flex: 1;
            }
          `,children:[b,(0,r.s)("button",{type:"button","aria-controls":u,"aria-pressed":p,onClick:()=>h(e=>!e),css:i("secondary"),children:p?"Hide":"Show"})]}):b,l&&(0,r.s)("span",{id:`${u}-hint`,css:t.m`
            color: ${a.B.color.muted};
            font-size: 0.9rem;
          `,children:l}),c&&(0,r.s)("span",{id:`${u}-error`,role:"alert",css:t.m`
            color: ${a.B.color.danger};
            font-size: 0.9rem;
          `,children:c})]})},"U",0,l])}]);