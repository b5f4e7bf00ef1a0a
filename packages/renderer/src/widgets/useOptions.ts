import { useEffect, useState } from 'react';
import { useRender } from '../form/context';
import { type AnyField, cfg, text } from '../form/fieldUtil';

export interface Option {
  label: string;
  value: string | number;
  disabled?: boolean;
  children?: Option[];
  isLeaf?: boolean;
}

function toOptions(
  list: Record<string, unknown>[],
  labelKey: string,
  valueKey: string,
  lang: Parameters<typeof text>[1],
): Option[] {
  return list.map((o) => ({
    label: text(o[labelKey] ?? o.label ?? o.fullName, lang),
    value: (o[valueKey] ?? o.value ?? o.id) as string | number,
    disabled: o.disabled === true || o.enabledMark === 0,
    children: Array.isArray(o.children)
      ? toOptions(o.children as Record<string, unknown>[], labelKey, valueKey, lang)
      : undefined,
  }));
}

/** Options of a select-like field: static (__slot__.options or options), dictionary or data interface. */
export function useOptions(field: AnyField): Option[] {
  const { providers, language } = useRender();
  const props = cfg<{ label?: string; value?: string }>(field, 'props') ?? {};
  const dataType = cfg<string>(field, 'dataType') ?? 'static';
  const dictionaryType = cfg<string>(field, 'dictionaryType');
  const propsUrl = cfg<string>(field, 'propsUrl');
  const isDic = field.__config__.jnpfKey === 'dicSelect' || dataType === 'dictionary';
  const staticList =
    field.__slot__?.options ?? (field.options as Record<string, unknown>[] | undefined) ?? [];
  const labelKey = props.label ?? (isDic ? 'fullName' : 'fullName');
  const valueKey = props.value ?? (isDic ? 'enCode' : 'id');
  const [remote, setRemote] = useState<Option[] | null>(null);

  useEffect(() => {
    let alive = true;
    if (isDic && dictionaryType) {
      providers.dictionary(dictionaryType).then(
        (list) =>
          alive &&
          setRemote(toOptions(list as unknown as Record<string, unknown>[], labelKey, valueKey, language)),
        () => alive && setRemote([]),
      );
    } else if (dataType === 'dynamic' && propsUrl) {
      providers.dataInterface(propsUrl).then(
        (list) => alive && setRemote(toOptions(list, labelKey, valueKey, language)),
        () => alive && setRemote([]),
      );
    }
    return () => {
      alive = false;
    };
  }, [providers, isDic, dictionaryType, dataType, propsUrl, labelKey, valueKey, language]);

  if (remote) return remote;
  return toOptions(staticList, labelKey, valueKey, language);
}
