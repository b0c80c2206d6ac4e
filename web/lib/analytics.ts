import { SHARE_PAGE, SHARE_PAGE_PREFIX, isSharePage } from '@contract/share-pages';

/** The function the set-up script leaves on `window`: a page view of the page now shown (components/analytics-page-views.tsx). */
export const PAGE_VIEW_FUNCTION = 'vaultPageView';

/**
 * Whether analytics may load on a page at all: never on the share page or anything under
 * it, whose address is a link's (the proxy leaves Google's origins out of their CSP too).
 */
export const analyticsAllowedOn = (pathname: string): boolean => !isSharePage(pathname);

/**
 * gtag's set-up, as an inline script (it runs before gtag.js arrives, which then reads the
 * queue). gtag takes a page's address from `location.href` and its referrer from
 * `document.referrer` unless told otherwise: the search page's address holds what was
 * typed (`?q=`), and a referrer can hold any page's query. So every address analytics is
 * given is an origin and a path, never a query or a fragment: set for every event
 * (`set` and `config`), with the automatic page view off (`send_page_view: false`), and
 * each page view sent by hand, once per path (typing in the search changes the query
 * only, which is no new page). A referrer of another site is its origin alone. Nothing is
 * sent from a share page, if this script were ever there.
 */
export const analyticsScript = (measurementId: string): string =>
  `(function(){
var id=${JSON.stringify(measurementId)};
window.dataLayer=window.dataLayer||[];
function gtag(){window.dataLayer.push(arguments);}
window.gtag=gtag;
function bare(href){var url=new URL(href,location.href);return url.origin+url.pathname;}
function from(href){if(!href)return '';try{var url=new URL(href);return url.origin===location.origin?url.origin+url.pathname:url.origin+'/';}catch(e){return '';}}
function shared(){var path=location.pathname;return path===${JSON.stringify(SHARE_PAGE)}||path.indexOf(${JSON.stringify(SHARE_PAGE_PREFIX)})===0;}
var first={page_location:bare(location.href),page_referrer:from(document.referrer)};
var shown='';
gtag('js',new Date());
gtag('set',first);
gtag('config',id,{send_page_view:false,page_location:first.page_location,page_referrer:first.page_referrer});
window[${JSON.stringify(PAGE_VIEW_FUNCTION)}]=function(){
if(shared())return;
var here=bare(location.href);
if(here===shown)return;
var view={page_location:here,page_referrer:shown||first.page_referrer};
shown=here;
gtag('set',view);
gtag('event','page_view',view);
};
})();`;
