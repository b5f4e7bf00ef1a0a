// antd Card, Tabs and Collapse, fetched only by forms that have card, tab or collapse containers (Layout.tsx).
export { Card, Collapse, Tabs } from 'antd';
