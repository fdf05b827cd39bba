import { Link } from "~/components/Link";
import { actions } from "./PersonList.css";

/**
 * Edit and Delete for one person in a step's list. While another person's form is open
 * (the edit lock), Delete is a disabled button with a hint saying why.
 */
export function PersonRowActions(props: {
  /** who the row is about, read after Edit/Delete by screen readers */
  label: string;
  editHref: string;
  deleteHref: string;
  editLock: boolean;
  hintId: string;
  text: { edit: string; delete: string; editFirstToDelete: string };
}) {
  const who = <span className="visually-hidden"> {props.label}</span>;
  return (
    <div className={actions}>
      <Link to={props.editHref} preventScrollReset>
        {props.text.edit}
        {who}
      </Link>
      {props.editLock ? (
        <>
          <button type="button" className="button button--secondary" disabled aria-describedby={props.hintId}>
            {props.text.delete}
            {who}
          </button>
          <span className="hint" id={props.hintId}>
            {props.text.editFirstToDelete}
          </span>
        </>
      ) : (
        <Link to={props.deleteHref} preventScrollReset>
          {props.text.delete}
          {who}
        </Link>
      )}
    </div>
  );
}
