//! The Scripting Lab panel, shown beside the board: a GtkSourceView editor for a Rhai script, Run,
//! Step and Stop, a speed control and an output pane. It talks to the game only through
//! [`LabHost`]. The script runs in a worker process (`script::sandbox`) driven
//! from a thread; each step comes back checked, is shown on the board, then applied, paced by glib
//! timeouts. The output pane takes lines in batches and keeps the last ones, so the window and
//! the game stay responsive whatever the script does, and Stop ends the worker at once.

use std::cell::{Cell as StdCell, RefCell};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::rc::{Rc, Weak};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use adw::prelude::*;
use adw::subclass::prelude::ObjectSubclassIsExt;
use gtk::glib;
use sourceview5::prelude::*;

use super::play::ScriptView;
use super::RESOURCE_PREFIX;
use crate::engine::game::Refusal;
use crate::engine::grid::{Digit, CELLS};
use crate::engine::logic::Technique;
use crate::i18n::{self, fill, gettext, n_, ngettext};
use crate::script::sandbox::{Call, Failure, Killer, Sandbox, Watchdog, WorkerCommand};
use crate::script::{Grid, Limits, ScriptError};

/// The output pane keeps this many lines (the oldest go first).
const MAX_PANE_LINES: usize = 1_000;

/// How often waiting output is added to the pane.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// The shipped examples, one click away.
const EXAMPLES: [(&str, &str); 6] = [
    (n_("Naked Single"), include_str!("../../data/scripts/naked-single.rhai")),
    (
        n_("Hidden Single"),
        include_str!("../../data/scripts/hidden-single.rhai"),
    ),
    (n_("Pointing"), include_str!("../../data/scripts/pointing.rhai")),
    (n_("X-Wing"), include_str!("../../data/scripts/x-wing.rhai")),
    (n_("XY-Wing"), include_str!("../../data/scripts/xy-wing.rhai")),
    (
        n_("A Ladder of Your Own"),
        include_str!("../../data/scripts/ladder.rhai"),
    ),
];

enum Reply {
    Started(Killer),
    Compiled(Result<(), ScriptError>),
    Found(Call),
    Failed(Failure),
}

/// What the Lab asks of the worker: one `find_step` on a grid, checked against the solution.
type Request = (Grid, [Digit; CELLS], usize);

/// A thread driving a script worker process.
struct Worker {
    requests: mpsc::Sender<Request>,
    replies: async_channel::Receiver<Reply>,
    stop: Arc<AtomicBool>,
    killer: RefCell<Option<Killer>>,
}

impl Worker {
    fn start(source: String, stop: Arc<AtomicBool>) -> Worker {
        let (requests, incoming) = mpsc::channel::<Request>();
        let (reply, replies) = async_channel::unbounded();
        let spawned = std::thread::Builder::new().name("nonet-script".into()).spawn(move || {
            let started = WorkerCommand::this_program()
                .map_err(|e| Failure::Start(e.to_string()))
                .and_then(|command| Sandbox::start(&command, Watchdog::default()));
            let mut sandbox = match started {
                Ok(sandbox) => sandbox,
                Err(failure) => {
                    let _ = reply.send_blocking(Reply::Failed(failure));
                    return;
                }
            };
            let _ = reply.send_blocking(Reply::Started(sandbox.killer()));
            match sandbox.compile("lab", &source, Limits::default()) {
                Ok(compiled) => {
                    let ok = compiled.is_ok();
                    if reply.send_blocking(Reply::Compiled(compiled)).is_err() || !ok {
                        return;
                    }
                }
                Err(failure) => {
                    let _ = reply.send_blocking(Reply::Failed(failure));
                    return;
                }
            }
            for (grid, solution, number) in incoming {
                let answer = match sandbox.find_step(&grid, &solution, number) {
                    Ok(call) => Reply::Found(call),
                    Err(failure) => Reply::Failed(failure),
                };
                let failed = matches!(answer, Reply::Failed(_));
                if reply.send_blocking(answer).is_err() || failed {
                    return;
                }
            }
        });
        if let Err(error) = spawned {
            tracing::warn!("can't start a script thread: {error}");
        }
        Worker {
            requests,
            replies,
            stop,
            killer: RefCell::new(None),
        }
    }

    /// The next reply; the worker's killer is kept on the way.
    async fn next(&self) -> Option<Reply> {
        loop {
            match self.replies.recv().await.ok()? {
                Reply::Started(killer) => {
                    self.killer.replace(Some(killer));
                }
                reply => return Some(reply),
            }
        }
    }
}

/// The position a script runs on, as the game has it.
pub struct ScriptGrid {
    pub grid: Grid,
    /// What its steps are checked against.
    pub solution: [Digit; CELLS],
    /// Whether the board holds a mistake of the player's (a wrong digit, or a right one taken
    /// out of a cell's pencil marks), which a step found from it could rest on.
    pub holds_mistake: bool,
}

/// What the Lab needs of the game it runs scripts on (the game window implements it).
pub trait LabHost {
    /// Redraws the game (a run started or ended).
    fn refresh_view(&self);
    /// The position a script sees and the solution its steps are checked against, or why the
    /// game takes no steps now.
    fn script_grid(&self) -> Result<ScriptGrid, String>;
    /// Gets the board ready for a run (pencil marks filled in when there are none).
    fn prepare_for_script(&self);
    /// Shows (or clears) a step on the board before it is applied.
    fn show_script_step(&self, view: Option<ScriptView>);
    /// Applies a checked step as one undoable move; `technique` is the one its name names, if
    /// any, which the game's journal (and so a replay) keeps.
    fn apply_script_step(
        self: Rc<Self>,
        placements: Vec<(usize, Digit)>,
        eliminations: Vec<(usize, Digit)>,
        technique: Option<Technique>,
    ) -> Result<(), Refusal>;
}

/// The panel's widgets, from its template `resources/ui/lab.ui`.
mod imp {
    use adw::subclass::prelude::*;
    use gtk::glib;

    #[derive(Debug, Default, gtk::CompositeTemplate)]
    #[template(resource = "/io/github/nonet/Nonet/ui/lab.ui")]
    pub struct LabPanel {
        /// The Scripts menu's section of examples.
        #[template_child]
        pub examples: TemplateChild<gtk::gio::Menu>,
        #[template_child]
        pub view: TemplateChild<sourceview5::View>,
        #[template_child]
        pub output_view: TemplateChild<gtk::TextView>,
        #[template_child]
        pub output_placeholder: TemplateChild<gtk::Label>,
        #[template_child]
        pub run: TemplateChild<gtk::Button>,
        #[template_child]
        pub step: TemplateChild<gtk::Button>,
        #[template_child]
        pub stop: TemplateChild<gtk::Button>,
        #[template_child]
        pub speed: TemplateChild<gtk::Scale>,
        #[template_child]
        pub clear: TemplateChild<gtk::Button>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for LabPanel {
        const NAME: &'static str = "NonetLabPanel";
        type Type = super::LabPanel;
        type ParentType = gtk::Box;

        fn class_init(klass: &mut Self::Class) {
            <sourceview5::View as gtk::glib::prelude::StaticType>::static_type();
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for LabPanel {
        fn constructed(&self) {
            self.parent_constructed();
            crate::ui::name_mnemonic_buttons(&*self.obj());
        }
    }
    impl WidgetImpl for LabPanel {}
    impl BoxImpl for LabPanel {}
}

glib::wrapper! {
    /// The Lab's panel, placed beside the board by the game window.
    pub struct LabPanel(ObjectSubclass<imp::LabPanel>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

impl Default for LabPanel {
    fn default() -> LabPanel {
        glib::Object::new()
    }
}

pub struct Lab {
    pub panel: LabPanel,
    buffer: sourceview5::Buffer,
    pub(super) view: sourceview5::View,
    output: gtk::TextBuffer,
    output_view: gtk::TextView,
    run: gtk::Button,
    step: gtk::Button,
    stop: gtk::Button,
    speed: gtk::Scale,
    host: Weak<dyn LabHost>,
    /// Set while a run or a step is under way.
    running: StdCell<bool>,
    stop_flag: RefCell<Option<Arc<AtomicBool>>>,
    /// Ends the running worker (Stop).
    killer: RefCell<Option<Killer>>,
    /// Lines waiting for the next flush into the pane.
    pending: RefCell<VecDeque<String>>,
    flushing: StdCell<bool>,
    /// The last line written to the output (for the state file).
    pub last_output: RefCell<String>,
    /// The script's save, due a moment after the last edit ([`Lab::save_soon`]).
    save_due: RefCell<Option<glib::SourceId>>,
    /// Where each save's outcome comes back ([`Lab::tell_saves`]).
    saved: async_channel::Sender<super::file_saver::Outcome>,
    /// The script as last written to a file of the player's choice (Save Script As…).
    pub(super) kept_elsewhere: RefCell<Option<String>>,
}

/// How long after the last edit the script is saved: a pause in typing, not every key.
const SAVE_AFTER_EDIT: std::time::Duration = std::time::Duration::from_secs(2);

pub(super) fn script_file() -> PathBuf {
    glib::user_data_dir().join("nonet").join("scripts").join("lab.rhai")
}

/// Why a run ends when the game takes no step (finished, paused, solution shown, Solve running).
pub(super) fn no_steps_now() -> String {
    gettext("the game does not take steps now (finished, paused, showing the solution or being solved)")
}

/// Writes files compiled into the binary (`RESOURCE_PREFIX/{folder}/{name}`) to the cache
/// directory, else (a full disk, say) to the runtime directory (in memory), for GtkSourceView,
/// which reads its colour schemes from files; returns the directory they are in.
fn resources_as_files(folder: &str, names: &[&str]) -> Result<std::path::PathBuf, String> {
    let write_in = |base: std::path::PathBuf| -> Result<std::path::PathBuf, String> {
        let dir = base.join("nonet").join(folder);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        for name in names {
            let resource = format!("{RESOURCE_PREFIX}/{folder}/{name}");
            let bytes = gtk::gio::resources_lookup_data(&resource, gtk::gio::ResourceLookupFlags::NONE)
                .map_err(|e| e.to_string())?;
            // Written only when changed: replacing a file can wait on the disk.
            let path = dir.join(name);
            if std::fs::read(&path).ok().as_deref() != Some(&bytes[..]) {
                std::fs::write(&path, &bytes).map_err(|e| e.to_string())?;
            }
        }
        Ok(dir)
    };
    write_in(glib::user_cache_dir()).or_else(|_| write_in(glib::user_runtime_dir()))
}

/// The shipped example `index` (from 0), as the Scripts menu offers it; one that does not exist
/// (only from outside: `gapplication action … lab-example 99`) is told why.
pub fn example(index: i64) -> Result<&'static str, String> {
    let example = usize::try_from(index).ok().and_then(|i| EXAMPLES.get(i));
    example.map(|(_, text)| *text).ok_or_else(|| {
        fill(
            &gettext("There is no example {number}: the examples are numbered 0 to {last}."),
            &[("number", &index), ("last", &(EXAMPLES.len() - 1))],
        )
    })
}

/// Makes our Rhai language definition (compiled into the binary) visible to GtkSourceView: its
/// resource folder joins the search path before the manager first loads (GtkSourceView reads
/// languages through GIO, resources too; nothing is written, so a full disk takes nothing away).
fn rhai_language() -> Option<sourceview5::Language> {
    static ADD_PATH: std::sync::Once = std::sync::Once::new();
    let manager = sourceview5::LanguageManager::default();
    ADD_PATH.call_once(|| {
        let mut path: Vec<String> = manager.search_path().iter().map(|p| p.to_string()).collect();
        path.push(format!("resource://{RESOURCE_PREFIX}/language-specs/"));
        manager.set_search_path(&path.iter().map(String::as_str).collect::<Vec<_>>());
    });
    manager.language("rhai")
}

/// The editor's colours for the style the app has now: GtkSourceView's Adwaita schemes, light or
/// dark, or in high contrast Nonet's own (resources/styles/), which raise every colour to 7:1.
fn style_scheme(style: &adw::StyleManager) -> Option<sourceview5::StyleScheme> {
    static ADD_PATH: std::sync::Once = std::sync::Once::new();
    const HIGH_CONTRAST: [&str; 2] = ["nonet-high-contrast.xml", "nonet-high-contrast-dark.xml"];
    let manager = sourceview5::StyleSchemeManager::default();
    // (Colour schemes are read from plain files only: GtkSourceView 5.6 finds them in a resource
    // folder, then fails to open them.)
    ADD_PATH.call_once(|| match resources_as_files("styles", &HIGH_CONTRAST) {
        Ok(dir) => manager.append_search_path(&dir.to_string_lossy()),
        Err(error) => tracing::warn!("no high-contrast colours for the editor: {error}"),
    });
    let id = match (style.is_high_contrast(), style.is_dark()) {
        (true, false) => "nonet-high-contrast",
        (true, true) => "nonet-high-contrast-dark",
        (false, false) => "Adwaita",
        (false, true) => "Adwaita-dark",
    };
    manager
        .scheme(id)
        .or_else(|| manager.scheme(if style.is_dark() { "Adwaita-dark" } else { "Adwaita" }))
}

impl Lab {
    pub fn new(host: Weak<dyn LabHost>) -> Rc<Lab> {
        let panel = LabPanel::default();
        let parts = panel.imp();
        let view = parts.view.get();
        let buffer = view
            .buffer()
            .downcast::<sourceview5::Buffer>()
            .unwrap_or_else(|_| sourceview5::Buffer::new(None));
        view.set_buffer(Some(&buffer));
        buffer.set_language(rhai_language().as_ref());
        super::lab_completion::attach(&view);
        // The colours follow the style as it changes: the player's light or dark choice in
        // Preferences, or the desktop's dark or high-contrast setting.
        let style = adw::StyleManager::default();
        buffer.set_style_scheme(style_scheme(&style).as_ref());
        for property in ["dark", "high-contrast"] {
            let buffer = buffer.downgrade();
            style.connect_notify_local(Some(property), move |style, _| {
                if let Some(buffer) = buffer.upgrade() {
                    buffer.set_style_scheme(style_scheme(style).as_ref());
                }
            });
        }
        // A save of the script still on its way is written first (only the script's: the
        // tests' state file, written all the time, can wait on the disk).
        super::file_saver::wait_for(&script_file());
        let saved = std::fs::read_to_string(script_file())
            .ok()
            .filter(|s| !s.trim().is_empty());
        buffer.set_text(saved.as_deref().unwrap_or(EXAMPLES[0].1));
        buffer.create_tag(
            Some("error"),
            &[
                ("underline", &gtk::pango::Underline::Error),
                ("background", &"rgba(224,27,36,0.18)"),
            ],
        );
        let output_view = parts.output_view.get();
        let output = output_view.buffer();
        // The placeholder shows while the output is empty.
        let placeholder = parts.output_placeholder.get();
        output.connect_changed(move |output| placeholder.set_visible(output.char_count() == 0));
        let (run, step, stop, speed) = (parts.run.get(), parts.step.get(), parts.stop.get(), parts.speed.get());
        let clear = parts.clear.get();
        for (index, (title, _)) in EXAMPLES.iter().enumerate() {
            let item = gtk::gio::MenuItem::new(Some(&gettext(*title)), None);
            item.set_action_and_target_value(Some("app.lab-example"), Some(&(index as i64).to_variant()));
            parts.examples.append_item(&item);
        }

        let (saved, outcomes) = async_channel::unbounded();
        let lab = Rc::new(Lab {
            panel,
            buffer,
            view,
            output,
            output_view,
            run,
            step,
            stop,
            speed,
            host,
            running: StdCell::new(false),
            stop_flag: RefCell::new(None),
            killer: RefCell::new(None),
            pending: RefCell::new(VecDeque::new()),
            flushing: StdCell::new(false),
            last_output: RefCell::new(String::new()),
            save_due: RefCell::new(None),
            saved,
            kept_elsewhere: RefCell::new(None),
        });
        lab.tell_saves(outcomes);
        // An edit is saved once typing pauses, so a crash or a power cut keeps it too.
        let weak = Rc::downgrade(&lab);
        lab.buffer.connect_changed(move |_| {
            if let Some(lab) = weak.upgrade() {
                lab.save_soon();
            }
        });
        let weak = Rc::downgrade(&lab);
        lab.run.connect_clicked(move |_| {
            if let Some(lab) = weak.upgrade() {
                lab.start(false);
            }
        });
        let weak = Rc::downgrade(&lab);
        lab.step.connect_clicked(move |_| {
            if let Some(lab) = weak.upgrade() {
                lab.start(true);
            }
        });
        clear.set_action_name(Some("app.lab-clear"));
        let weak = Rc::downgrade(&lab);
        lab.stop.connect_clicked(move |_| {
            if let Some(lab) = weak.upgrade() {
                lab.request_stop();
            }
        });
        // Captured before the editor sees them, so Ctrl+Return runs rather than adds a line.
        let keys = gtk::EventControllerKey::new();
        keys.set_propagation_phase(gtk::PropagationPhase::Capture);
        let weak = Rc::downgrade(&lab);
        keys.connect_key_pressed(move |_, key, _, state| {
            let Some(lab) = weak.upgrade() else {
                return glib::Propagation::Proceed;
            };
            if state.contains(gtk::gdk::ModifierType::CONTROL_MASK) && key == gtk::gdk::Key::Return {
                lab.start(false);
                return glib::Propagation::Stop;
            }
            if key == gtk::gdk::Key::Escape && lab.running.get() {
                lab.request_stop();
                return glib::Propagation::Stop;
            }
            glib::Propagation::Proceed
        });
        lab.panel.add_controller(keys);
        lab
    }

    pub fn is_running(&self) -> bool {
        self.running.get()
    }

    /// The panel closes: a run stops and the script is saved.
    pub fn close(&self) {
        self.request_stop();
        self.save();
    }

    /// The window closes: a run stops and the script is written at once. Returns why it can't
    /// be kept, unless nothing would be lost: the player saved this very script to a file of
    /// their own, or it is a shipped example as it ships.
    pub fn close_for_good(&self) -> Option<String> {
        self.request_stop();
        if let Some(due) = self.save_due.take() {
            due.remove();
        }
        let text = self.script();
        let access = super::file_saver::Access::Private;
        let reason = super::file_saver::save_at_once(&script_file(), text.as_bytes(), access).err()?;
        let kept = self.kept_elsewhere.borrow().as_deref() == Some(text.as_str())
            || EXAMPLES.iter().any(|(_, example)| *example == text);
        (!kept).then_some(reason)
    }

    pub fn focus_editor(&self) {
        self.view.grab_focus();
    }

    /// Saves the script [`SAVE_AFTER_EDIT`] from now, unless it changes again before then.
    fn save_soon(self: &Rc<Self>) {
        if let Some(due) = self.save_due.take() {
            due.remove();
        }
        let weak = Rc::downgrade(self);
        let due = glib::timeout_add_local_once(SAVE_AFTER_EDIT, move || {
            if let Some(lab) = weak.upgrade() {
                lab.save_due.take(); // this source is over; save must not remove it
                lab.save();
            }
        });
        self.save_due.replace(Some(due));
    }

    fn save(&self) {
        if let Some(due) = self.save_due.take() {
            due.remove();
        }
        let text = self
            .buffer
            .text(&self.buffer.start_iter(), &self.buffer.end_iter(), false);
        // Off the main thread, readable by the player only.
        super::file_saver::save(
            script_file(),
            text.as_bytes().to_vec(),
            super::file_saver::Access::Private,
            Some(self.saved.clone()),
        );
    }

    /// Says in the output pane when the script can't be kept (a full disk, a read-only data
    /// folder), once until a save works again, and then that it is kept again: the player can
    /// save it elsewhere at once (and closing asks, [`Lab::close_for_good`]).
    fn tell_saves(self: &Rc<Self>, outcomes: async_channel::Receiver<super::file_saver::Outcome>) {
        let weak = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let mut failing = false;
            while let Ok(outcome) = outcomes.recv().await {
                let Some(lab) = weak.upgrade() else { break };
                match &outcome {
                    Err(error) if !failing => lab.say(&fill(
                        &gettext("Your script can't be kept in {file}: {error}. Save it to a file of your own with Scripts → Save Script As… (closing Nonet asks first)."),
                        &[("file", &script_file().display()), ("error", error)],
                    )),
                    Ok(()) if failing => lab.say(&gettext("Your script is kept again.")),
                    _ => {}
                }
                failing = outcome.is_err();
            }
        });
    }

    /// Adds a line to the output pane (at the next flush; only the last lines are kept).
    pub fn say(self: &Rc<Self>, line: &str) {
        self.last_output.replace(line.to_string());
        let mut pending = self.pending.borrow_mut();
        pending.push_back(line.to_string());
        while pending.len() > MAX_PANE_LINES {
            pending.pop_front();
        }
        drop(pending);
        if !self.flushing.replace(true) {
            let weak = Rc::downgrade(self);
            glib::timeout_add_local_once(FLUSH_EVERY, move || {
                if let Some(lab) = weak.upgrade() {
                    lab.flush();
                }
            });
        }
    }

    /// Puts a script in the editor in place of the one there, as one undoable edit.
    pub fn replace_script(&self, text: &str) {
        let buffer = &self.buffer;
        buffer.begin_user_action();
        buffer.delete(&mut buffer.start_iter(), &mut buffer.end_iter());
        buffer.insert(&mut buffer.start_iter(), text);
        buffer.end_user_action();
    }

    /// Undoes (or redoes) an edit of the script.
    pub fn undo_edit(&self, undo: bool) {
        if undo && self.buffer.can_undo() {
            self.buffer.undo();
        } else if !undo && self.buffer.can_redo() {
            self.buffer.redo();
        }
    }

    /// Whether the script editor has the keyboard focus.
    pub fn editor_has_focus(&self) -> bool {
        self.view.has_focus()
    }

    /// The script in the editor.
    pub fn script(&self) -> String {
        self.buffer
            .text(&self.buffer.start_iter(), &self.buffer.end_iter(), false)
            .to_string()
    }

    /// The id of the editor's colour scheme (for the probe).
    pub fn style_scheme_id(&self) -> Option<String> {
        self.buffer.style_scheme().map(|scheme| scheme.id().to_string())
    }

    /// The language the editor highlights (for the probe): `rhai`.
    pub fn language_id(&self) -> Option<String> {
        self.buffer.language().map(|language| language.id().to_string())
    }

    /// The editor's and the output's text views and the parts of their scroll bars, by address
    /// as GTK's warnings name widgets ("0x55…"; for the probe). GTK 4.8's text view lays its
    /// lines out again while it draws, which can change its size after the frame's layout: the
    /// view itself, or a scroll bar that moves then, is drawn before it has its new size ("Trying
    /// to snapshot GtkSourceView … without a current allocation", or GtkGizmo for a scroll
    /// bar's part), GTK's own (README, tests).
    pub fn text_view_parts(&self) -> Vec<String> {
        let every = |_: &gtk::Widget| true;
        let mut parts = Vec::new();
        for view in [self.view.upcast_ref::<gtk::Widget>(), self.output_view.upcast_ref()] {
            parts.push(super::probe::address(view));
            if let Some(scroller) = view.parent().and_downcast::<gtk::ScrolledWindow>() {
                parts.extend(super::probe::addresses_within(&scroller.vscrollbar(), every));
                parts.extend(super::probe::addresses_within(&scroller.hscrollbar(), every));
            }
        }
        parts
    }

    /// How much of the editor's and of the output's panes shows, in pixels high (for the
    /// probe): what of each lies inside the split between them (a pane allocated past the
    /// split's end is cut off there).
    pub fn pane_heights(&self) -> [f32; 2] {
        let scroller = |view: gtk::Widget| view.parent();
        let (Some(editor), Some(output)) = (
            scroller(self.view.clone().upcast()),
            scroller(self.output_view.clone().upcast()),
        ) else {
            return [0.0; 2];
        };
        let Some(split) = editor.parent() else { return [0.0; 2] };
        let end = split.height() as f32;
        [editor, output].map(|pane| {
            pane.compute_bounds(&split)
                .map_or(0.0, |b| (b.y() + b.height()).min(end) - b.y().max(0.0))
                .max(0.0)
        })
    }

    /// Whether the empty output's placeholder shows (for the probe).
    pub fn output_placeholder_shown(&self) -> bool {
        self.panel.imp().output_placeholder.is_visible()
    }

    /// The output pane's text.
    pub fn output_text(&self) -> String {
        self.output
            .text(&self.output.start_iter(), &self.output.end_iter(), false)
            .to_string()
    }

    /// Empties the output pane (and what waits to be shown in it).
    pub fn clear_output(&self) {
        self.pending.borrow_mut().clear();
        self.output.set_text("");
        self.last_output.replace(String::new());
    }

    /// Appends the waiting lines in one edit, drops the oldest past the limit, shows the end.
    fn flush(&self) {
        self.flushing.set(false);
        let lines: Vec<String> = self.pending.borrow_mut().drain(..).collect();
        if lines.is_empty() {
            return;
        }
        let mut end = self.output.end_iter();
        self.output.insert(&mut end, &(lines.join("\n") + "\n"));
        let excess = self.output.line_count() - 1 - MAX_PANE_LINES as i32;
        if excess > 0 {
            if let Some(cut) = self.output.iter_at_line(excess) {
                self.output.delete(&mut self.output.start_iter(), &mut cut.clone());
            }
        }
        let mark = self
            .output
            .mark("end")
            .unwrap_or_else(|| self.output.create_mark(Some("end"), &self.output.end_iter(), false));
        self.output.move_mark(&mark, &self.output.end_iter());
        self.output_view.scroll_mark_onscreen(&mark);
    }

    /// Underlines the line of an error in the editor and moves the cursor there.
    fn mark_error(&self, error: &ScriptError) {
        let Some(line) = error.line else { return };
        let line = line.saturating_sub(1) as i32;
        if let Some(start) = self.buffer.iter_at_line(line) {
            let mut end = start;
            end.forward_to_line_end();
            self.buffer.apply_tag_by_name("error", &start, &end);
            self.buffer.place_cursor(&start);
            let mut start = start;
            self.view.scroll_to_iter(&mut start, 0.1, false, 0.0, 0.0);
        }
    }

    pub fn request_stop(&self) {
        if let Some(flag) = self.stop_flag.borrow().as_ref() {
            flag.store(true, Ordering::Relaxed);
        }
        if let Some(killer) = self.killer.borrow().as_ref() {
            killer.kill();
        }
    }

    fn set_running(&self, running: bool) {
        self.running.set(running);
        self.run.set_sensitive(!running);
        self.step.set_sensitive(!running);
        self.stop.set_sensitive(running);
        if let Some(host) = self.host.upgrade() {
            host.refresh_view();
        }
    }

    /// Runs the script to the end (or one step), animating each step on the board.
    pub fn start(self: &Rc<Self>, single: bool) {
        if self.running.get() {
            return;
        }
        let Some(host) = self.host.upgrade() else {
            return;
        };
        self.save();
        self.buffer
            .remove_tag_by_name("error", &self.buffer.start_iter(), &self.buffer.end_iter());
        let source = self
            .buffer
            .text(&self.buffer.start_iter(), &self.buffer.end_iter(), false)
            .to_string();
        let stop = Arc::new(AtomicBool::new(false));
        self.stop_flag.replace(Some(stop.clone()));
        self.set_running(true);
        host.prepare_for_script();
        let worker = Worker::start(source, stop.clone());
        let lab = self.clone();
        glib::spawn_future_local(async move {
            let summary = lab.drive(&worker, single).await;
            lab.killer.replace(None);
            lab.say(&summary);
            if let Some(host) = lab.host.upgrade() {
                host.show_script_step(None);
            }
            lab.set_running(false);
            drop(worker);
        });
    }

    async fn drive(self: &Rc<Self>, worker: &Worker, single: bool) -> String {
        let compiled = worker.next().await;
        self.killer.replace(worker.killer.borrow().clone());
        if worker.stop.load(Ordering::Relaxed) {
            self.request_stop();
        }
        match compiled {
            Some(Reply::Compiled(Ok(()))) => {}
            Some(Reply::Compiled(Err(error))) => {
                self.mark_error(&error);
                return fill(&gettext("The script does not compile: {error}"), &[("error", &error)]);
            }
            Some(Reply::Failed(failure)) => {
                return fill(
                    &gettext("The script could not be started: {error}"),
                    &[("error", &failure)],
                )
            }
            _ => return gettext("The script could not be started."),
        }
        let mut applied: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
        let mut number = 0;
        let reason = loop {
            if worker.stop.load(Ordering::Relaxed) {
                break gettext("stopped");
            }
            let Some(host) = self.host.upgrade() else {
                break gettext("the game closed");
            };
            let ScriptGrid {
                grid,
                solution,
                holds_mistake,
            } = match host.script_grid() {
                Ok(grid) => grid,
                Err(why) => break why,
            };
            if grid.board().is_solved() {
                break gettext("the puzzle is solved");
            }
            if holds_mistake {
                break gettext("the board holds a mistake, a wrong digit or a right one taken out of a cell's pencil marks, so steps found from it could contradict the solution through no fault of the script's: Hint points it out");
            }
            number += 1;
            if worker.requests.send((grid.clone(), solution, number)).is_err() {
                break gettext("the script stopped");
            }
            let (found, printed) = match worker.next().await {
                _ if worker.stop.load(Ordering::Relaxed) => break gettext("stopped"),
                Some(Reply::Found(call)) => call,
                Some(Reply::Failed(failure)) => {
                    break fill(&gettext("step {n}: {error}"), &[("n", &number), ("error", &failure)])
                }
                _ => break gettext("the script stopped"),
            };
            for line in printed {
                self.say(&line);
            }
            let found = match found {
                Ok(Some(found)) => found,
                // Nothing at the first call: say what scripts work from.
                Ok(None) if number == 1 => {
                    break gettext("find_step found nothing in this position: the pattern the script looks for is not on the board (it reads the pencil marks, filled in before the run). Try another example, or fall back on Nonet's techniques with builtin(\"hidden-single\", g) and the like");
                }
                Ok(None) => break gettext("find_step found nothing more"),
                Err(error) => {
                    if error.message == "stopped" {
                        break gettext("stopped");
                    }
                    self.mark_error(&error);
                    break fill(
                        &gettext("error in step {n}: {error}"),
                        &[("n", &number), ("error", &error)],
                    );
                }
            };
            let step = found.step;
            let checked = match found.checked {
                Ok(checked) => checked,
                Err(problem) => break fill(&gettext("{problem}; not applied"), &[("problem", &problem)]),
            };
            let view = ScriptView {
                name: step.name.clone(),
                cells: step
                    .cells
                    .iter()
                    .filter_map(|&c| usize::try_from(c).ok().filter(|&c| c < 81))
                    .collect(),
                placements: checked.placements.clone(),
                eliminations: checked.eliminations.clone(),
            };
            let explanation = if step.explanation.is_empty() {
                String::new()
            } else {
                format!(": {}", step.explanation)
            };
            self.say(&fill(
                &gettext("step {n}, {name}{explanation}"),
                &[("n", &number), ("name", &step.name), ("explanation", &explanation)],
            ));
            host.show_script_step(Some(view));
            let pause = Duration::from_secs_f64(0.5 / self.speed.value().max(1.0));
            glib::timeout_future(pause).await;
            if worker.stop.load(Ordering::Relaxed) {
                break gettext("stopped");
            }
            // (The step was checked on this board, so only the game's state can refuse it: paused,
            // say, while the step was shown.)
            if host
                .clone()
                .apply_script_step(checked.placements, checked.eliminations, Technique::named(&step.name))
                .is_err()
            {
                break host.script_grid().err().unwrap_or_else(no_steps_now);
            }
            *applied.entry(step.name).or_default() += 1;
            if single {
                break gettext("one step");
            }
            glib::timeout_future(pause).await;
        };
        let by: Vec<String> = applied
            .iter()
            .map(|(name, n)| format!("{name} {}", i18n::number(*n as u64)))
            .collect();
        let total: usize = applied.values().sum();
        let template = if by.is_empty() {
            ngettext(
                "Run ended ({reason}): {total} step applied",
                "Run ended ({reason}): {total} steps applied",
                total as u32,
            )
        } else {
            ngettext(
                "Run ended ({reason}): {total} step applied ({by})",
                "Run ended ({reason}): {total} steps applied ({by})",
                total as u32,
            )
        };
        fill(
            &template,
            &[
                ("reason", &reason),
                ("total", &i18n::number(total as u64)),
                ("by", &by.join(", ")),
            ],
        )
    }
}
