import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { formatDate } from '../../../lib/date'
import type { QuestionSummary } from '../../../../../common/api/course'
import './question-list.css'

/** Common questions as a tidy Q-marked title list. */
export function QuestionList({ questions }: { questions: QuestionSummary[] }) {
  return (
    <ul className="question-list card">
      {questions.map((question) => (
        <li key={question.id}>
          <span className="question-list__mark" aria-hidden="true">
            问
          </span>
          <Link to={paths.questionDetail(question.id)} className="line-clamp-1" title={question.title}>
            {question.title}
          </Link>
          {question.createdAt && <time dateTime={question.createdAt}>{formatDate(question.createdAt)}</time>}
        </li>
      ))}
    </ul>
  )
}
