import { formatDay } from '@registrar-panel/contract';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import xIcon from 'bootstrap-icons/icons/x-lg.svg?raw';
import { searchHref, type SearchFilterName, type SearchLocation } from '../search-location';

/** How a filter's value reads: the name of the status, label or state, a date as 'YYYY/MM/dd', a handle as it is. */
function useFilterValueText(): (name: SearchFilterName, value: string) => string {
  const { t } = useTranslation();
  return (name, value) => {
    switch (name) {
      case 'status':
        return t(`registrations.lifecycle.${value}`);
      case 'label':
        return t(`registrations.label.${value}`);
      case 'rgp':
        return t(`registrations.filters.rgpValue.${value}`);
      case 'idn':
        return t('registrations.filters.idnOnly');
      case 'expiresFrom':
      case 'expiresTo':
        return formatDay(value) || value;
      default:
        return value;
    }
  };
}

/**
 * The filters of the search shown, each a link that runs the search without it, and 'Clear filters'
 * for the name alone: links, so that each is also an address to share or open in a new tab.
 */
export function SearchFilterChips({ search }: { search: SearchLocation }) {
  const { t } = useTranslation();
  const valueText = useFilterValueText();
  const set = Object.entries(search.filters) as [SearchFilterName, string][];
  if (set.length === 0) return null;
  const without = (name: SearchFilterName) => searchHref({ term: search.term, page: 1, filters: { ...search.filters, [name]: undefined } });
  return (
    <div className="search-filter-chips d-flex flex-wrap align-items-center gap-2 mb-3" data-testid="filter-chips">
      <span className="small fw-semibold" id="search-filter-chips-title">
        {t('registrations.filters.shown')}
      </span>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-labelledby="search-filter-chips-title">
        {set.map(([name, value]) => {
          const text = t('registrations.filters.chipText', { filter: t(`registrations.filters.chip.${name}`), value: valueText(name, value) });
          return (
            <li key={name}>
              <Link to={without(name)} className="search-filter-chip" aria-label={t('registrations.filters.remove', { filter: text })} data-filter={name}>
                <span>{text}</span>
                <Icon svg={xIcon} className="ms-2" />
              </Link>
            </li>
          );
        })}
      </ul>
      <Link to={searchHref({ term: search.term, page: 1, filters: {} })} className="small ms-1" data-testid="clear-filters">
        {t('registrations.filters.clear')}
      </Link>
    </div>
  );
}
