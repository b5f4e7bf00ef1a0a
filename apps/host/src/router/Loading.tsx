import { Spin } from 'antd';

/** The loading indicator of a page being fetched (its own module: the entry needs it, not the result pages). */
export function Loading() {
  return (
    <div className="kp-loading">
      <Spin />
    </div>
  );
}
