//! The main window, built from its template `resources/ui/window.ui`: a header bar (counters,
//! clock, hint and pencil buttons, the primary menu), the board and the message line, and the
//! Scripting Lab's panel beside them. What it does lives in the controller (`controller.rs`).
//! Below a width the header has no room for the title and counters: the window then turns
//! narrow and shows them in a status line under the header instead.

use adw::subclass::prelude::*;
use gtk::prelude::*;
use gtk::{gio, glib};

mod imp {
    use super::*;

    #[derive(Debug, Default, gtk::CompositeTemplate)]
    #[template(resource = "/io/github/nonet/Nonet/ui/window.ui")]
    pub struct Window {
        #[template_child]
        pub toasts: TemplateChild<adw::ToastOverlay>,
        #[template_child]
        pub title: TemplateChild<crate::ui::game_title::GameTitle>,
        #[template_child]
        pub mistakes: TemplateChild<gtk::Label>,
        #[template_child]
        pub hints: TemplateChild<gtk::Label>,
        #[template_child]
        pub split: TemplateChild<gtk::Paned>,
        #[template_child]
        pub board: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub message: TemplateChild<gtk::Label>,
        #[template_child]
        pub message_scroller: TemplateChild<gtk::ScrolledWindow>,
        #[template_child]
        pub pause_page: TemplateChild<adw::StatusPage>,
        #[template_child]
        pub digit_pad: TemplateChild<gtk::Box>,
        #[template_child]
        pub counters: TemplateChild<gtk::Box>,
        #[template_child]
        pub narrow_status: TemplateChild<gtk::Label>,
        #[template_child]
        pub leave_fullscreen: TemplateChild<gtk::Button>,
        pub narrow: std::cell::Cell<bool>,
        #[template_child]
        pub entry_bar: TemplateChild<gtk::Box>,
        #[template_child]
        pub entry_status: TemplateChild<gtk::Label>,
        #[template_child]
        pub entry_start: TemplateChild<gtk::Button>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for Window {
        const NAME: &'static str = "NonetWindow";
        type Type = super::Window;
        type ParentType = adw::ApplicationWindow;

        fn class_init(klass: &mut Self::Class) {
            crate::ui::game_title::GameTitle::ensure_type();
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for Window {
        fn constructed(&self) {
            self.parent_constructed();
            crate::ui::name_mnemonic_buttons(&*self.obj());
        }
    }

    impl WidgetImpl for Window {
        fn size_allocate(&self, width: i32, height: i32, baseline: i32) {
            self.parent_size_allocate(width, height, baseline);
            let narrow = width < super::NARROW_BELOW;
            if narrow != self.narrow.get() {
                self.narrow.set(narrow);
                // Not while allocating: showing and hiding widgets asks for a new layout.
                let window = self.obj().downgrade();
                glib::idle_add_local_once(move || {
                    if let Some(window) = window.upgrade() {
                        window.apply_narrow();
                    }
                });
            }
        }
    }
    impl WindowImpl for Window {}
    impl ApplicationWindowImpl for Window {}
    impl AdwApplicationWindowImpl for Window {}
}

glib::wrapper! {
    pub struct Window(ObjectSubclass<imp::Window>)
        @extends adw::ApplicationWindow, gtk::ApplicationWindow, gtk::Window, gtk::Widget,
        @implements gio::ActionGroup, gio::ActionMap, gtk::Buildable,
            gtk::ConstraintTarget, gtk::Native, gtk::Root, gtk::ShortcutManager;
}

/// Below this width (px) the header keeps only its buttons. The wide header needs about 490 px,
/// so a window made narrower than that turns narrow (and can then shrink to 360 px).
const NARROW_BELOW: i32 = 540;

impl Window {
    pub fn new(app: &adw::Application) -> Window {
        let window: Window = glib::Object::builder().property("application", app).build();
        // Keyboard Shortcuts, built when asked for.
        crate::ui::shortcuts::add_action(&window);
        window
    }

    /// The widgets the controller drives.
    pub fn parts(&self) -> &imp::Window {
        self.imp()
    }

    /// Whether the window is narrow (title and counters in the status line under the header).
    pub fn is_narrow(&self) -> bool {
        self.imp().narrow.get()
    }

    fn apply_narrow(&self) {
        let parts = self.imp();
        let narrow = parts.narrow.get();
        parts.counters.set_visible(!narrow);
        parts.title.set_visible(!narrow);
        parts.narrow_status.set_visible(narrow);
    }
}
