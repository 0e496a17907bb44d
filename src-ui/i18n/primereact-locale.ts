/**
 * PrimeReact's own texts (a dropdown's "No results found", a multi-select's "{0} items selected",
 * the paginator's and dialogs' labels for screen readers, the calendar's names of months and days,
 * Yes/No of a confirmation) in the active language (docs/i18n.md). English keeps PrimeReact's own
 * defaults, untouched; another language (the tests' pseudo-locale too) gets a PrimeReact locale whose
 * texts are the catalogue's, so they are translated, and checked, like the app's own.
 *
 * `applyPrimeLocale` is called each time a language is applied, right after its catalogue is made
 * the active one (src-ui/i18n/language.ts) and before the screens draw again.
 */
import type { LocaleOptions } from 'primereact/api';
import { SOURCE_LANGUAGE } from '../../shared/i18n/languages';
import { activeLocale, msg, t } from '../../shared/i18n/translate';

/** PrimeReact's placeholders ({0}, {page}…) pass through a message as values, so each reads `{count}` in the catalogue. */
const keep = (placeholder: string) => `{${placeholder}}`;

/**
 * The texts of a PrimeReact locale, said in the active language: every key of PrimeReact 10's
 * English locale (some, read by its components, are missing from its LocaleOptions type).
 */
function texts(): Record<string, unknown> {
  const say = (marked: readonly string[]) => marked.map((text) => t(text));
  return {
    startsWith: t('Starts with'),
    contains: t('Contains'),
    notContains: t('Not contains'),
    endsWith: t('Ends with'),
    equals: t('Equals'),
    notEquals: t('Not equals'),
    noFilter: t('No Filter'),
    filter: t('Filter'),
    lt: t('Less than'),
    lte: t('Less than or equal to'),
    gt: t('Greater than'),
    gte: t('Greater than or equal to'),
    dateIs: t('Date is'),
    dateIsNot: t('Date is not'),
    dateBefore: t('Date is before'),
    dateAfter: t('Date is after'),
    custom: t('Custom'),
    clear: t('Clear'),
    apply: t('Apply'),
    matchAll: t('Match All'),
    matchAny: t('Match Any'),
    addRule: t('Add Rule'),
    removeRule: t('Remove Rule'),
    accept: t('Yes'),
    reject: t('No'),
    choose: t('Choose'),
    upload: t('Upload'),
    cancel: t('Cancel'),
    close: t('Close'),
    pending: t('Pending'),
    completed: t('Completed'),
    dayNames: say(DAY_NAMES),
    dayNamesShort: say(DAY_NAMES_SHORT),
    dayNamesMin: say(DAY_NAMES_MIN),
    monthNames: say(MONTH_NAMES),
    monthNamesShort: say(MONTH_NAMES_SHORT),
    chooseYear: t('Choose Year'),
    chooseMonth: t('Choose Month'),
    chooseDate: t('Choose Date'),
    prevDecade: t('Previous Decade'),
    nextDecade: t('Next Decade'),
    prevYear: t('Previous Year'),
    nextYear: t('Next Year'),
    prevMonth: t('Previous Month'),
    nextMonth: t('Next Month'),
    prevHour: t('Previous Hour'),
    nextHour: t('Next Hour'),
    prevMinute: t('Previous Minute'),
    nextMinute: t('Next Minute'),
    prevSecond: t('Previous Second'),
    nextSecond: t('Next Second'),
    am: t('AM'),
    pm: t('PM'),
    today: t('Today'),
    now: t('Now'),
    weekHeader: t('Wk'),
    weak: t('Weak'),
    medium: t('Medium'),
    strong: t('Strong'),
    passwordPrompt: t('Enter a password'),
    emptyFilterMessage: t('No results found'),
    emptyMessage: t('No available options'),
    emptySearchMessage: t('No results found'),
    emptySelectionMessage: t('No selected item'),
    searchMessage: t('{count} results are available', { count: keep('0') }),
    selectionMessage: t('{count} items selected', { count: keep('0') }),
    fileChosenMessage: t('{count} files', { count: keep('0') }),
    noFileChosenMessage: t('No file chosen'),
    aria: {
      trueLabel: t('True'),
      falseLabel: t('False'),
      nullLabel: t('Not Selected'),
      star: t('1 star'),
      stars: t('{star} stars', { star: keep('star') }),
      selectAll: t('All items selected'),
      unselectAll: t('All items unselected'),
      close: t('Close'),
      previous: t('Previous'),
      next: t('Next'),
      navigation: t('Navigation'),
      scrollTop: t('Scroll Top'),
      moveTop: t('Move Top'),
      moveUp: t('Move Up'),
      moveDown: t('Move Down'),
      moveBottom: t('Move Bottom'),
      moveToTarget: t('Move to Target'),
      moveToSource: t('Move to Source'),
      moveAllToTarget: t('Move All to Target'),
      moveAllToSource: t('Move All to Source'),
      pageLabel: t('Page {page}', { page: keep('page') }),
      otpLabel: t('Please enter one time password character {index}', { index: keep('0') }),
      firstPageLabel: t('First Page'),
      lastPageLabel: t('Last Page'),
      nextPageLabel: t('Next Page'),
      prevPageLabel: t('Previous Page'),
      rowsPerPageLabel: t('Rows per page'),
      jumpToPageDropdownLabel: t('Jump to Page Dropdown'),
      jumpToPageInputLabel: t('Jump to Page Input'),
      selectRow: t('Row Selected'),
      unselectRow: t('Row Unselected'),
      expandRow: t('Row Expanded'),
      collapseRow: t('Row Collapsed'),
      showFilterMenu: t('Show Filter Menu'),
      hideFilterMenu: t('Hide Filter Menu'),
      filterOperator: t('Filter Operator'),
      filterConstraint: t('Filter Constraint'),
      editRow: t('Edit Row'),
      saveEdit: t('Save Edit'),
      cancelEdit: t('Cancel Edit'),
      listView: t('List View'),
      gridView: t('Grid View'),
      slide: t('Slide'),
      slideNumber: '{slideNumber}',
      zoomImage: t('Zoom Image'),
      zoomIn: t('Zoom In'),
      zoomOut: t('Zoom Out'),
      rotateRight: t('Rotate Right'),
      rotateLeft: t('Rotate Left'),
      listLabel: t('Option List'),
      selectLabel: t('Select'),
      unselectLabel: t('Unselect'),
      expandLabel: t('Expand'),
      collapseLabel: t('Collapse'),
      removeLabel: t('Remove'),
      passwordShow: t('Show Password'),
      passwordHide: t('Hide Password'),
    },
  };
}

const DAY_NAMES = [msg('Sunday'), msg('Monday'), msg('Tuesday'), msg('Wednesday'), msg('Thursday'), msg('Friday'), msg('Saturday')] as const;
const DAY_NAMES_SHORT = [msg('Sun'), msg('Mon'), msg('Tue'), msg('Wed'), msg('Thu'), msg('Fri'), msg('Sat')] as const;
const DAY_NAMES_MIN = [msg('Su'), msg('Mo'), msg('Tu'), msg('We'), msg('Th'), msg('Fr'), msg('Sa')] as const;
const MONTH_NAMES = [
  msg('January'),
  msg('February'),
  msg('March'),
  msg('April'),
  msg('May'),
  msg('June'),
  msg('July'),
  msg('August'),
  msg('September'),
  msg('October'),
  msg('November'),
  msg('December'),
] as const;
const MONTH_NAMES_SHORT = [msg('Jan'), msg('Feb'), msg('Mar'), msg('Apr'), msg('May'), msg('Jun'), msg('Jul'), msg('Aug'), msg('Sep'), msg('Oct'), msg('Nov'), msg('Dec')] as const;

/** A language's calendar conventions, where they differ from PrimeReact's English (US) ones. */
const CONVENTIONS: Record<string, Pick<LocaleOptions, 'dateFormat' | 'firstDayOfWeek'>> = {
  es: { dateFormat: 'dd/mm/yy', firstDayOfWeek: 1 },
};

/**
 * Makes PrimeReact speak `language` (a code of shared/i18n/languages.ts): English is PrimeReact's
 * own locale as shipped; any other active catalogue (the pseudo-locale included) gets a locale
 * registered under the active catalogue's code, its texts from that catalogue, its calendar
 * conventions from `language`.
 */
/** PrimeReact's locale functions, handed in by the caller that already holds PrimeReact's api (src-ui/i18n/language.ts). */
export interface PrimeLocaleApi {
  addLocale(name: string, options: LocaleOptions): void;
  locale(name: string): void;
}

export function applyPrimeLocale(language: string, { addLocale, locale }: PrimeLocaleApi): void {
  const active = activeLocale();
  if (active === SOURCE_LANGUAGE) {
    locale(SOURCE_LANGUAGE);
    return;
  }
  addLocale(active, { ...texts(), ...CONVENTIONS[language] } as LocaleOptions);
  locale(active);
}
