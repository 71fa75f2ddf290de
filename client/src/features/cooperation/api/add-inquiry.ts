import { useMutation } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export type InquiryPayload = {
  typeId: number
  organization: string
  contactName: string
  phone: string
  message: string
  captchaId: string
  captchaCode: string
}

// Silent: the form shows the server's message beside the button instead of a toast.
export const addInquiry = (payload: InquiryPayload) => post('/api/Course/addInquiry', payload, { silent: true })

export const useAddInquiry = () => useMutation({ mutationFn: addInquiry })
