// Base styles first, so component stylesheets (imported by the modules below) override them.
import './styles/theme.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { installChineseZodMessages } from '../../common/validation/zod-messages'
import { AppProvider } from './app/provider'
import { createAppRouter } from './app/router'
import { purgeExpired } from './lib/session'

// Spec §4: stored values past their expiry are removed at start-up.
purgeExpired()
// Any zod issue without its own message reads in Chinese, as on the server.
installChineseZodMessages()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createAppRouter()} />
    </AppProvider>
  </StrictMode>,
)
