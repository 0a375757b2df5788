// Text for the sample datasheets and brochures. Written as an orientation summary of
// each AVEVA product's publicly described capabilities; the files say clearly that
// they are samples to be replaced by the vendor's official documents.

export interface ProductCopy {
  name: string;
  tagline: string;
  overview: string;
  features: string[];
  uses: string[];
  requirements: string[];
}

const WINDOWS = "Windows 10/11 (64-bit) workstations or Windows Server 2016/2019/2022";
const SQL = "Microsoft SQL Server (supported edition per the vendor compatibility matrix)";
const HW = "Multi-core CPU, 8 GB RAM minimum (16 GB or more recommended for servers), SSD storage";
const NET = "Ethernet TCP/IP connectivity to controllers and other nodes";
const BROWSER = "Current Chrome, Edge, Firefox or Safari for web and mobile clients";
const CLOUD = "Outbound HTTPS (port 443) from site to the AVEVA cloud service; no inbound firewall ports";

export const PRODUCTS: Record<string, ProductCopy> = {
  intouch: {
    name: "AVEVA InTouch HMI",
    tagline: "Operator visualisation and supervisory control for machines, lines and plants.",
    overview:
      "AVEVA InTouch HMI (formerly Wonderware InTouch) is an HMI/SCADA visualisation package used to build operator screens for process and discrete automation. Applications can run standalone or be managed centrally with AVEVA System Platform, and connect to a wide range of PLCs and devices through AVEVA communication drivers (OI Servers) and OPC UA.",
    features: [
      "Industrial Graphics with a library of standard symbols and Situational Awareness templates that highlight abnormal conditions",
      "Alarm and event management with filtering, shelving and alarm history",
      "Real-time and historical trends, with integration to AVEVA Historian",
      "Script-based logic, tag dictionary and reusable graphic templates for faster engineering",
      "Remote and web access options for viewing screens from browsers and mobile devices",
      "Security by user roles, with electronic signatures for regulated industries",
      "Connectivity to Siemens, Rockwell, Schneider, Modbus, OPC UA and many other protocols",
    ],
    uses: ["Machine and line HMIs", "Utility and water SCADA", "Batch and packaging operator stations"],
    requirements: [WINDOWS, HW, NET, "Display resolution of 1920x1080 or higher for operator stations"],
  },
  edge: {
    name: "AVEVA Edge",
    tagline: "Compact HMI/SCADA and IIoT software for machines and edge devices.",
    overview:
      "AVEVA Edge (formerly InduSoft Web Studio) is a small-footprint HMI/SCADA and IIoT runtime suited to OEM machine builders and edge gateways. One project can be deployed to PCs, panel PCs and embedded devices, with built-in drivers and support for MQTT and OPC UA to move data from the machine to supervisory or cloud systems.",
    features: [
      "Single development environment for HMI, SCADA and edge data collection",
      "Large set of built-in communication drivers, plus OPC UA, OPC DA and MQTT",
      "HTML5 thin clients for viewing screens on browsers, tablets and phones",
      "Alarms, trends, recipes, reports and a built-in lightweight historian",
      "Store-and-forward to protect data during network outages",
      "Scripting (VBScript and built-in functions) for machine-specific logic",
      "Runs on Windows and Windows IoT / embedded platforms",
    ],
    uses: ["OEM machine HMIs", "Edge data gateways to cloud or historian", "Small SCADA systems"],
    requirements: ["Windows 10/11, Windows Server or Windows IoT Enterprise", "Modest hardware: 2 cores, 2-4 GB RAM for typical runtimes", NET, BROWSER],
  },
  "system-platform": {
    name: "AVEVA System Platform",
    tagline: "Object-based supervisory platform for multi-site, standardised operations.",
    overview:
      "AVEVA System Platform (formerly Wonderware System Platform) provides a common, object-oriented environment for supervisory control, visualisation, historisation and integration. Equipment is modelled once as reusable templates in a Galaxy, then deployed across servers and sites, which keeps large applications consistent and easier to maintain.",
    features: [
      "Template-based ArchestrA object model: change a template, update every instance",
      "Centralised configuration, deployment and version management of the Galaxy",
      "Operations Management Interface (OMI) and InTouch visualisation clients",
      "Redundant application engines and communication for high availability",
      "Integrated AVEVA Historian and alarm and event history",
      "Role-based security and audit trails suited to regulated industries",
      "Connectivity to PLCs, DCS, OPC UA and enterprise systems",
    ],
    uses: ["Plant-wide supervisory control", "Multi-line and multi-site standardisation", "Integration layer for MES and analytics"],
    requirements: [WINDOWS, SQL, "Server class hardware: 4+ cores, 16 GB+ RAM for Galaxy Repository and app servers", NET],
  },
  reports: {
    name: "AVEVA Reports for Operations",
    tagline: "Automated production, compliance and energy reports from plant data.",
    overview:
      "AVEVA Reports for Operations (formerly Dream Report) turns data from historians, databases and live sources into scheduled and on-demand reports and dashboards. Reports are designed with a drag-and-drop editor and delivered as PDF, Excel or web pages, reducing manual spreadsheet work for shift, daily and regulatory reporting.",
    features: [
      "Drag-and-drop report and dashboard designer, no programming required",
      "Data from AVEVA Historian, other historians, SQL databases, OPC and CSV sources",
      "Scheduled or event-triggered generation with e-mail and file distribution",
      "Statistics, batch and shift calculations, KPI and energy reports",
      "Web portal for browsing and running reports",
      "Audit trail and electronic signature support for regulated industries",
    ],
    uses: ["Shift and daily production reports", "Regulatory and environmental reports", "Energy and utility consumption reports"],
    requirements: [WINDOWS, "SQL Server or SQL Server Express for the report database", HW, BROWSER],
  },
  "plant-scada": {
    name: "AVEVA Plant SCADA",
    tagline: "High-performance SCADA for large, distributed process applications.",
    overview:
      "AVEVA Plant SCADA (formerly Citect SCADA) is a scalable SCADA system for monitoring and controlling processes across one or many sites. Its clustered, redundant architecture and template-based engineering suit infrastructure, mining, water, energy and manufacturing applications with large tag counts.",
    features: [
      "Clustered client-server architecture with built-in redundancy at every layer",
      "Situational Awareness graphics and alarm management following ISA-18.2 practices",
      "Template-based equipment and graphics engineering for consistent projects",
      "Integrated trending and historian options, with AVEVA Historian connectivity",
      "Large driver library for PLCs, RTUs and telemetry protocols",
      "Web and remote clients for engineers and supervisors",
    ],
    uses: ["Water and wastewater networks", "Mining and minerals processing", "Power and utilities"],
    requirements: [WINDOWS, HW, NET, "Redundant servers and networks recommended for critical systems"],
  },
  "batch-management": {
    name: "AVEVA Batch Management",
    tagline: "ISA-88 batch control, recipes and electronic batch records.",
    overview:
      "AVEVA Batch Management (formerly Wonderware InBatch) manages recipe-driven batch production following the ISA-88 standard. It separates recipes from equipment so one recipe can run on different units, executes batches through the control system and records who did what and when for full genealogy.",
    features: [
      "ISA-88 physical and procedural models: process cells, units, phases and operations",
      "Master and control recipe management with versioning and approval",
      "Batch scheduling, execution and operator interaction from HMI clients",
      "Electronic batch records, materials genealogy and batch history reports",
      "Support for 21 CFR Part 11 requirements: security, audit trail, e-signatures",
      "Integration with AVEVA System Platform and PLC phase logic",
    ],
    uses: ["Pharmaceutical and biotech", "Food, beverage and dairy", "Specialty and fine chemicals"],
    requirements: [WINDOWS, SQL, HW, NET],
  },
  "recipe-manager-plus": {
    name: "AVEVA Recipe Manager Plus",
    tagline: "Centralised recipe and specification management for production lines.",
    overview:
      "AVEVA Recipe Manager Plus helps manufacturers create, approve and download recipes and product specifications to equipment from one central place. It replaces spreadsheets and local PLC recipe tables, reducing set-up errors and giving a clear record of which recipe version ran where.",
    features: [
      "Web-based recipe and specification editor with templates per equipment type",
      "Version control with review and approval workflow",
      "Recipe download to PLCs and HMIs through AVEVA System Platform or InTouch",
      "Recipe execution history and audit trail",
      "Role-based access for recipe authors, approvers and operators",
      "Suited to both process and discrete (set-up parameter) applications",
    ],
    uses: ["Food and beverage formulations", "Packaging line changeovers", "Chemical and personal care products"],
    requirements: [WINDOWS, SQL, HW, BROWSER],
  },
  historian: {
    name: "AVEVA Historian",
    tagline: "High-performance time-series historian for process and equipment data.",
    overview:
      "AVEVA Historian (formerly Wonderware Historian) collects and stores large volumes of time-series data from control systems at full resolution. Data is compressed efficiently, protected by store-and-forward, and made available to trends, reports, analytics and business systems through SQL and web interfaces.",
    features: [
      "High-speed acquisition and storage of analogue, discrete, string and event data",
      "Data compression with configurable deadbands to save storage",
      "Store-and-forward from remote collectors to avoid data loss",
      "SQL-based query interface plus retrieval modes for time-weighted averages and statistics",
      "Tiered and replicated historians for multi-site architectures",
      "Client tools for trends and Excel, and connectivity to AVEVA Insight in the cloud",
    ],
    uses: ["Process troubleshooting and optimisation", "Regulatory data retention", "Data source for analytics and reports"],
    requirements: [WINDOWS, SQL, "Server class hardware sized by tag count and storage rate", NET],
  },
  insight: {
    name: "AVEVA Insight",
    tagline: "Cloud-hosted industrial data, dashboards and AI-assisted analytics.",
    overview:
      "AVEVA Insight is a software-as-a-service solution that collects operations data in the cloud and makes it available to anyone with a browser. Teams can view trends and dashboards, share content and use AI-assisted analytics to spot anomalies and predict issues, without building and maintaining on-premise servers.",
    features: [
      "Secure cloud storage of time-series data from historians, HMIs and edge devices",
      "Browser and mobile access to trends, dashboards and content sharing",
      "AI-assisted analytics for anomaly detection and early warnings",
      "Alerts and notifications by e-mail",
      "Subscription licensing that scales from one site to many",
      "Data access for reporting and business intelligence tools",
    ],
    uses: ["Remote monitoring of distributed assets", "Multi-site performance comparison", "Predictive maintenance pilots"],
    requirements: [BROWSER, CLOUD, "On-site data collector on Windows or an edge device"],
  },
  intelligence: {
    name: "AVEVA Intelligence",
    tagline: "A unified view of operations across systems, sites and teams.",
    overview:
      "AVEVA Intelligence (including AVEVA Unified Operations Center) brings operational data from many sources into one environment, so control rooms and management can see the status of plants, assets and KPIs together. It connects OT, IT and engineering data and presents it through configurable visualisation, helping teams decide and act faster.",
    features: [
      "Aggregation of data from SCADA, historians, MES, ERP and other business systems",
      "Configurable dashboards, KPIs and geographic and asset-hierarchy views",
      "Command-centre style visualisation for operations and leadership",
      "Alerts and workflows to drive consistent responses",
      "Scalable from a single plant to enterprise-wide operations",
    ],
    uses: ["Enterprise operations centres", "Utility and infrastructure monitoring", "Multi-plant performance management"],
    requirements: [WINDOWS, SQL, "Server hardware sized to the number of sites and data sources", BROWSER],
  },
  "mes-operations": {
    name: "AVEVA MES Operations",
    tagline: "Work order execution, material tracking and production genealogy.",
    overview:
      "AVEVA MES Operations manages the execution of production on the shop floor: dispatching work orders, guiding operators, consuming and producing materials and recording what was made, with what and by whom. The result is real-time work-in-progress visibility and full forward and backward genealogy.",
    features: [
      "Work order and job dispatching to lines and work centres",
      "Material consumption, production recording and lot/serial tracking",
      "Forward and backward genealogy for traceability and recalls",
      "Electronic work instructions and data collection for operators",
      "Labour and shift tracking",
      "Integration with ERP (orders, materials) and the control layer",
    ],
    uses: ["Food and beverage traceability", "Chemicals and materials processing", "Assembly with serialised components"],
    requirements: [WINDOWS, SQL, HW, BROWSER],
  },
  "mes-performance": {
    name: "AVEVA MES Performance",
    tagline: "OEE, downtime and equipment performance in real time.",
    overview:
      "AVEVA MES Performance collects equipment states and counts automatically to calculate OEE (availability, performance and quality) and to record downtime with reasons. Supervisors and teams see losses as they happen and can focus improvement work on the biggest causes.",
    features: [
      "Automatic capture of running, idle and fault states from PLCs",
      "Downtime recording with configurable reason trees and operator input",
      "OEE and KPI calculation by line, shift, product and period",
      "Real-time dashboards and historical loss analysis (Pareto of causes)",
      "Utilisation and throughput reports for continuous improvement",
    ],
    uses: ["Packaging and bottling lines", "Machining and assembly cells", "Continuous improvement programmes"],
    requirements: [WINDOWS, SQL, HW, NET],
  },
  "mes-quality": {
    name: "AVEVA MES Quality",
    tagline: "In-process quality data collection and statistical process control.",
    overview:
      "AVEVA MES Quality brings quality checks into production: sample plans tell operators what to measure and when, results are captured automatically or by hand, and statistical process control highlights trends before products go out of specification.",
    features: [
      "Sample plans triggered by time, production count or events",
      "Manual and automatic collection of quality characteristics",
      "SPC charts with rule-based alarms (e.g. Western Electric rules)",
      "Specification limits linked to products and recipes",
      "Non-conformance recording and quality history for audits",
    ],
    uses: ["In-line quality checks in food and beverage", "Dimensional checks in discrete manufacturing", "Laboratory and QC integration"],
    requirements: [WINDOWS, SQL, HW, BROWSER],
  },
  mes: {
    name: "AVEVA MES",
    tagline: "Manufacturing execution: operations, performance and quality in one system.",
    overview:
      "AVEVA MES (formerly Wonderware MES) connects business planning with the plant floor. Its operations, performance and quality capabilities cover work order execution, material genealogy, OEE and downtime, and statistical quality control, on a model-driven foundation that scales from a single line to many sites.",
    features: [
      "Work order execution and material tracking with full genealogy",
      "OEE, downtime tracking and performance dashboards",
      "Quality sample plans and SPC",
      "Electronic work instructions and operator data entry",
      "Model-driven configuration for repeatable multi-site roll-outs",
      "Integration with ERP and with AVEVA System Platform",
    ],
    uses: ["Regulated and traceability-driven production", "Multi-line performance improvement", "Paperless manufacturing"],
    requirements: [WINDOWS, SQL, HW, BROWSER],
  },
  "discrete-lean-management": {
    name: "AVEVA Discrete Lean Management",
    tagline: "Digital lean tools for discrete manufacturing teams.",
    overview:
      "AVEVA Discrete Lean Management digitises everyday lean practices on the shop floor. Paper boards and spreadsheets are replaced by tablets and screens that show hour-by-hour performance, capture downtime and issues, and support shift handovers and daily meetings, so teams can react within the shift rather than days later.",
    features: [
      "Digital performance boards: plan vs actual, hour by hour",
      "Downtime and reason capture by operators, plus automatic machine data",
      "Short interval control and action tracking",
      "Digital shift handover and tiered meeting support",
      "OEE and loss analysis for continuous improvement",
      "Quick to deploy, with browser and tablet access",
    ],
    uses: ["Assembly and machining lines", "Automotive and component suppliers", "Lean and operational excellence programmes"],
    requirements: [BROWSER, "Tablets or PCs at workstations", "Network access from the shop floor; deployment options per vendor"],
  },
};

export const DATASHEETS: Record<string, string> = {
  "aveva-intouch": "intouch",
  "aveva-edge": "edge",
  "aveva-system-platform": "system-platform",
  "aveva-reports": "reports",
  "aveva-plant-scada": "plant-scada",
  "aveva-batch-management": "batch-management",
  "aveva-recipe-manager-plus": "recipe-manager-plus",
  "aveva-historian": "historian",
  "aveva-insight": "insight",
  "aveva-intelligence": "intelligence",
  "aveva-mes-operations": "mes-operations",
  "aveva-mes-performance": "mes-performance",
  "aveva-mes-quality": "mes-quality",
};

export const BROCHURES: Record<string, string> = {
  intouch: "intouch",
  edge: "edge",
  "system-platform": "system-platform",
  historian: "historian",
  mes: "mes",
  "batch-management": "batch-management",
  reports: "reports",
  "recipe-management": "recipe-manager-plus",
  "discrete-lean-management": "discrete-lean-management",
  insight: "insight",
};
