// langSwitch.js: the header's language switch: ?lang= written, the page
// loaded again in it (the view's state is in the URL, so it comes back as it
// was); a view that asks before it is left (a running fit) may keep the user.
// A language asked for that could not be loaded (offline, its table not kept
// yet) is said beside it.
import { setPageKey } from './state.js';
import { t, lang, LANGUAGES, langMissing } from './i18n/index.js';

/** The switch in the header; mayLeave() → false keeps the page as it is. */
export function langSwitch(mayLeave) {
  const langSel = document.createElement('select');
  langSel.id = 'lang-select';
  langSel.setAttribute('aria-label', t('page.lang.aria'));
  langSel.title = t('page.lang.title');
  for (const [code, name] of LANGUAGES) langSel.append(new Option(name, code, false, code === lang));
  langSel.addEventListener('change', () => {
    if (!mayLeave()) { langSel.value = lang; return; }
    setPageKey('lang', langSel.value);
    window.location.reload();
  });
  document.querySelector('header.top .top-tools').append(langSel);
  // the language asked for could not be loaded (offline, its table not kept yet): said beside the switch
  if (langMissing) {
    const note = document.createElement('p');
    note.className = 'lang-missing';
    note.setAttribute('role', 'status');
    note.textContent = t('page.lang.missing', { language: LANGUAGES.find(([c]) => c === langMissing.lang)[1], message: langMissing.message });
    document.querySelector('header.top').append(note);
  }
}
