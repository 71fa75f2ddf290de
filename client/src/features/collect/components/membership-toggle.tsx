import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { showToast } from '../../../lib/toast'
import { useThrottledAction } from '../../../lib/use-throttled-action'
import { loginPath, useSession } from '../../member'
import './membership-toggle.css'

type Props = {
  initialActive: boolean
  /** Calls the server: true to add, false to remove. */
  request: (active: boolean) => Promise<unknown>
  /** Query key prefixes refreshed after a change (the member's "my" lists, the item's group). */
  invalidate: readonly (readonly unknown[])[]
  /** Marked stale without refetching now: a detail refetch would count one more view. */
  markStale?: readonly (readonly unknown[])[]
  labels: { idle: string; active: string; remove: string; added: string; removed: string }
  icon: ReactNode
  className?: string
}

/**
 * Optimistic on/off button shared by follow and collect: flips at once, rolls back when the
 * server refuses (the API client already shows its message), and sends visitors to log in.
 * Clicks within the throttle window (spec §9, 3000 ms) after a request are dropped.
 */
export function MembershipToggle({ initialActive, request, invalidate, markStale = [], labels, icon, className = '' }: Props) {
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const [isActive, setActive] = useState(initialActive)
  const throttle = useThrottledAction()

  // A refetched detail page brings the server's truth; adopt it.
  const [serverActive, setServerActive] = useState(initialActive)
  if (initialActive !== serverActive) {
    setServerActive(initialActive)
    setActive(initialActive)
  }

  const mutation = useMutation({
    mutationFn: (next: boolean) => request(next),
    onMutate: (next) => setActive(next),
    onError: (_error, next) => setActive(!next),
    onSuccess: (_data, next) => {
      showToast(next ? labels.added : labels.removed, 'success')
      invalidate.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }))
      markStale.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey, refetchType: 'none' }))
    },
  })

  const onClick = () => {
    if (!session) {
      navigate(loginPath(`${location.pathname}${location.search}${location.hash}`))
      return
    }
    if (mutation.isPending) return
    // One request per 3 s whichever way it goes: a double click must not follow and unfollow at once.
    throttle('toggle', () => mutation.mutate(!isActive))
  }

  return (
    <button
      type="button"
      className={`membership-toggle${isActive ? ' is-active' : ''} ${className}`.trim()}
      aria-pressed={isActive}
      aria-busy={mutation.isPending || undefined}
      title={isActive ? labels.remove : labels.idle}
      onClick={onClick}
    >
      <span className="membership-toggle__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="membership-toggle__label">{isActive ? labels.active : labels.idle}</span>
      {isActive && <span className="membership-toggle__remove">{labels.remove}</span>}
    </button>
  )
}
