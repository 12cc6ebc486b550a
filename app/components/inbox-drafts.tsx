import { useCallback, useEffect, useRef } from "react";
import { MAX_DRAFTS } from "~/models/text-messaging/inbox.schema";

const STORAGE_KEY = "inbox-drafts";
type Draft = { key: string; text: string; at: number };

function readDrafts(): Draft[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(value)
      ? value.filter((d): d is Draft => typeof d?.key === "string" && typeof d?.text === "string")
      : [];
  } catch {
    return [];
  }
}

function writeDrafts(drafts: Draft[]) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(drafts));
  } catch {
    // Storage full or refused (private mode): the draft is simply not kept.
  }
}

/** Keeps a draft (or drops it when emptied); one list for all conversations, the oldest dropped past 10. */
export function saveDraft(key: string, text: string, now = Date.now()) {
  const others = readDrafts().filter((d) => d.key !== key);
  const drafts = text.trim() ? [...others, { key, text, at: now }] : others;
  drafts.sort((a, b) => a.at - b.at);
  writeDrafts(drafts.slice(-MAX_DRAFTS));
}

export const removeDraft = (key: string) => saveDraft(key, "");

/**
 * The unsent text of one conversation ("new" for a new one), kept in local storage while typing and
 * put back into the empty box when the conversation is opened again (`onRestore` hears of it, for
 * the character and segment count); the form removes it when sent.
 * Without JavaScript the box is a plain field.
 */
export function useDraft(key: string, onRestore?: (text: string) => void) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const restored = useRef(onRestore);
  restored.current = onRestore;
  useEffect(() => {
    const box = ref.current;
    if (!box || box.value) return;
    const draft = readDrafts().find((d) => d.key === key);
    if (!draft) return;
    box.value = draft.text;
    restored.current?.(draft.text);
  }, [key]);
  const onInput = useCallback(
    (event: { currentTarget: HTMLTextAreaElement }) => saveDraft(key, event.currentTarget.value),
    [key],
  );
  return { ref, onInput };
}
