// A tiny toast store usable outside React (the API client raises toasts), rendered by <Toaster />.
export type ToastKind = 'error' | 'success' | 'info'
export type Toast = { id: number; kind: ToastKind; text: string }

export const TOAST_DURATION_MS = 3000

type Listener = (toasts: Toast[]) => void
let toasts: Toast[] = []
let nextId = 1
const listeners = new Set<Listener>()
const emit = () => listeners.forEach((listener) => listener(toasts))

export function dismissToast(id: number) {
  toasts = toasts.filter((toast) => toast.id !== id)
  emit()
}

export function showToast(text: string, kind: ToastKind = 'error'): number {
  const id = nextId++
  // The same message twice in a row (e.g. parallel failing calls) shows once.
  if (toasts.some((toast) => toast.text === text && toast.kind === kind)) return id
  toasts = [...toasts, { id, kind, text }]
  emit()
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS)
  return id
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener)
  listener(toasts)
  return () => listeners.delete(listener)
}
