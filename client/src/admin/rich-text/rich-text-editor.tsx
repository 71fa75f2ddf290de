import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons'
import Image from '@tiptap/extension-image'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { Button, Divider, Input, Modal, Select, Tooltip } from 'antd'
import { useEffect, useState, type ReactNode } from 'react'
import { mediaUrl } from '../../lib/api-client'
import { MediaPicker } from '../media/media-picker'
import './rich-text-editor.css'

type Props = { value?: string; onChange?: (html: string) => void; id?: string; placeholder?: string }

// Headings start at h2: the page title is the h1, and the server's allow-list keeps h2-h5.
const HEADINGS = [
  { value: 0, label: '正文' },
  { value: 2, label: '大标题' },
  { value: 3, label: '中标题' },
  { value: 4, label: '小标题' },
] as const

const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
  }),
  Image.configure({ inline: false }),
]

/** An empty document is '' rather than '<p></p>', so "no content" stays the seed format's default. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML())

function ToolButton({
  title,
  isActive = false,
  disabled = false,
  onClick,
  children,
}: {
  title: string
  isActive?: boolean
  disabled?: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Tooltip title={title}>
      <Button
        type={isActive ? 'primary' : 'text'}
        ghost={isActive}
        size="small"
        aria-label={title}
        aria-pressed={isActive}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
        icon={children}
      />
    </Tooltip>
  )
}

/** TipTap with a Chinese toolbar; images come from the media library. The server sanitizes on save. */
export default function RichTextEditor({ value = '', onChange, id, placeholder = '请输入正文…' }: Props) {
  const editor = useEditor({
    extensions,
    content: value,
    editorProps: { attributes: { class: 'adm-rte__content', 'aria-label': placeholder, ...(id ? { id } : {}) } },
    onUpdate: ({ editor: changed }) => onChange?.(htmlOf(changed)),
  })
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      heading: ([2, 3, 4] as const).find((level) => current.isActive('heading', { level })) ?? 0,
      isBold: current.isActive('bold'),
      isItalic: current.isActive('italic'),
      isBullet: current.isActive('bulletList'),
      isOrdered: current.isActive('orderedList'),
      isQuote: current.isActive('blockquote'),
      isLink: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
      isEmpty: current.isEmpty,
    }),
  })
  const [linkDraft, setLinkDraft] = useState<string | null>(null)
  const [isPickingImage, setPickingImage] = useState(false)

  // The form may replace the value (a record loaded after the editor mounted).
  useEffect(() => {
    // TipTap swaps its instance when the editor remounts; a destroyed one has no schema left to read.
    if (!editor || editor.isDestroyed) return
    if (value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])

  const chain = () => editor.chain().focus()
  const saveLink = () => {
    const href = (linkDraft ?? '').trim()
    if (href) chain().extendMarkRange('link').setLink({ href }).run()
    else chain().extendMarkRange('link').unsetLink().run()
    setLinkDraft(null)
  }

  return (
    <div className="adm-rte">
      <div className="adm-rte__toolbar" role="toolbar" aria-label="正文格式">
        <Select
          size="small"
          aria-label="段落格式"
          value={state.heading}
          options={HEADINGS.map((heading) => ({ ...heading }))}
          style={{ width: 92 }}
          onChange={(level: number) =>
            level
              ? chain()
                  .setHeading({ level: level as 2 | 3 | 4 })
                  .run()
              : chain().setParagraph().run()
          }
        />
        <Divider orientation="vertical" />
        <ToolButton title="加粗" isActive={state.isBold} onClick={() => chain().toggleBold().run()}>
          <BoldOutlined />
        </ToolButton>
        <ToolButton title="斜体" isActive={state.isItalic} onClick={() => chain().toggleItalic().run()}>
          <ItalicOutlined />
        </ToolButton>
        <Divider orientation="vertical" />
        <ToolButton title="无序列表" isActive={state.isBullet} onClick={() => chain().toggleBulletList().run()}>
          <UnorderedListOutlined />
        </ToolButton>
        <ToolButton title="有序列表" isActive={state.isOrdered} onClick={() => chain().toggleOrderedList().run()}>
          <OrderedListOutlined />
        </ToolButton>
        <ToolButton title="引用" isActive={state.isQuote} onClick={() => chain().toggleBlockquote().run()}>
          <span className="adm-rte__quote" aria-hidden>
            “
          </span>
        </ToolButton>
        <Divider orientation="vertical" />
        <ToolButton
          title="链接"
          isActive={state.isLink}
          onClick={() => setLinkDraft((editor.getAttributes('link').href as string | undefined) ?? 'https://')}
        >
          <LinkOutlined />
        </ToolButton>
        <ToolButton title="图片" onClick={() => setPickingImage(true)}>
          <PictureOutlined />
        </ToolButton>
        <Divider orientation="vertical" />
        <ToolButton title="撤销" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
          <UndoOutlined />
        </ToolButton>
        <ToolButton title="重做" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
          <RedoOutlined />
        </ToolButton>
      </div>
      <div className="adm-rte__body" data-placeholder={state.isEmpty ? placeholder : undefined}>
        <EditorContent editor={editor} />
      </div>
      <Modal
        title="插入链接"
        open={linkDraft !== null}
        okText="确定"
        cancelText="取消"
        onOk={saveLink}
        onCancel={() => setLinkDraft(null)}
        destroyOnHidden
      >
        <Input
          aria-label="链接地址"
          autoFocus
          value={linkDraft ?? ''}
          onChange={(event) => setLinkDraft(event.target.value)}
          onPressEnter={saveLink}
          placeholder="https:// 或站内路径；留空则移除链接"
        />
      </Modal>
      <MediaPicker
        open={isPickingImage}
        kind="image"
        onClose={() => setPickingImage(false)}
        onPick={(item) => {
          chain()
            .setImage({ src: mediaUrl(item.url), alt: item.name })
            .run()
          setPickingImage(false)
        }}
      />
    </div>
  )
}
