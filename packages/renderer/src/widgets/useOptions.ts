import { kindOf, type OptionKeys, optionKeys } from '@kp/engine';
import { useEffect, useMemo, useState } from 'react';
import { useRender } from '../form/context';
import { type AnyField, cfg, text } from '../form/fieldUtil';

export interface Option {
  label: string;
  value: string | number;
  disabled?: boolean;
  children?: Option[];
  isLeaf?: boolean;
}

/**
 * Options read by the engine's one key rule (optionKeys); an option without the named label or value key
 * falls back to label/fullName and value/id (a data interface answering in antd's own shape).
 */
function toOptions(
  list: Record<string, unknown>[],
  keys: OptionKeys,
  lang: Parameters<typeof text>[1],
): Option[] {
  return list.map((o) => ({
    label: text(o[keys.label] ?? o.label ?? o.fullName, lang),
    value: (o[keys.value] ?? o.value ?? o.id) as string | number,
    disabled: o.disabled === true || o.enabledMark === 0,
    children: Array.isArray(o[keys.children])
      ? toOptions(o[keys.children] as Record<string, unknown>[], keys, lang)
      : undefined,
  }));
}

/** Options of a select-like field: static (__slot__.options or options), dictionary or data interface. */
export function useOptions(field: AnyField): Option[] {
  const { providers, language } = useRender();
  const dataType = cfg<string>(field, 'dataType') ?? 'static';
  const dictionaryType = cfg<string>(field, 'dictionaryType');
  const propsUrl = cfg<string>(field, 'propsUrl');
  // a dictionary's options: a kind named from a dictionary (dicSelect), or options set to a dictionary
  const isDic = kindOf(field.__config__.jnpfKey)?.names === 'dict' || dataType === 'dictionary';
  const staticList =
    field.__slot__?.options ?? (field.options as Record<string, unknown>[] | undefined) ?? [];
  const { label: labelKey, value: valueKey, children: childrenKey } = optionKeys(field);
  // one object per key set, so the effect runs again only when a key changes
  const keys = useMemo<OptionKeys>(
    () => ({ label: labelKey, value: valueKey, children: childrenKey }),
    [labelKey, valueKey, childrenKey],
  );
  const [remote, setRemote] = useState<Option[] | null>(null);

  useEffect(() => {
    let alive = true;
    if (isDic && dictionaryType) {
      providers.dictionary(dictionaryType).then(
        (list) => alive && setRemote(toOptions(list as unknown as Record<string, unknown>[], keys, language)),
        () => alive && setRemote([]),
      );
    } else if (dataType === 'dynamic' && propsUrl) {
      providers.dataInterface(propsUrl).then(
        (list) => alive && setRemote(toOptions(list, keys, language)),
        () => alive && setRemote([]),
      );
    }
    return () => {
      alive = false;
    };
  }, [providers, isDic, dictionaryType, dataType, propsUrl, keys, language]);

  if (remote) return remote;
  return toOptions(staticList, keys, language);
}
