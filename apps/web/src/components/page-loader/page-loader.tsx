/** Plain (no Ant Design) loading indicator for route chunks, so it can sit in the entry bundle. */
export function PageLoader() {
  return (
    <div className="ov-page-loader" role="status" aria-live="polite">
      <span className="ov-page-loader__drop" />
    </div>
  );
}
