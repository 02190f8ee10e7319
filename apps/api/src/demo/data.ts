/** Word lists for the demo accounts: common Chilean first names and surnames, and short captions. */

export const femaleNames = [
  'Camila', 'Valentina', 'Javiera', 'Catalina', 'Constanza', 'Fernanda', 'Francisca', 'Antonia', 'Josefa', 'Martina',
  'Isidora', 'Florencia', 'Daniela', 'Carolina', 'Macarena', 'Paula', 'Trinidad', 'Agustina', 'Emilia', 'Sofía',
  'Ignacia', 'Belén', 'Antonella', 'Renata', 'Amanda', 'Maite', 'Bernardita', 'Bárbara', 'Valeria', 'Dominga',
  'Rocío', 'Pía', 'Consuelo', 'Colomba', 'Magdalena', 'Romina', 'Tamara', 'Natalia', 'Gabriela', 'Karina',
  'Pamela', 'Jimena', 'Solange', 'Anaís', 'Ninoska', 'Millaray', 'Ayelén', 'Rayén', 'Montserrat', 'Krishna',
  'Scarlett', 'Maca', 'Coni', 'Cata', 'Vale', 'Jose', 'Dani', 'Kathy', 'Yasna', 'Marisol',
  'Loreto', 'Paz', 'Soledad', 'Fran', 'Ivonne', 'Nicole', 'Estefanía', 'Marcela', 'Lorena', 'Alondra',
  'Celeste', 'Abril', 'Julieta', 'Luciana', 'Aurora', 'Violeta', 'Almendra', 'Luna', 'Maida', 'Ámbar',
] as const;

export const transNames = ['Alexa', 'Dafne', 'Samantha', 'Kiara', 'Zoe', 'Bianca', 'Ariadna', 'Mística', 'Thalía', 'Salomé'] as const;

export const maleNames = ['Matías', 'Benjamín', 'Vicente', 'Tomás', 'Joaquín', 'Cristóbal', 'Diego', 'Nicolás', 'Sebastián', 'Maximiliano'] as const;

export const surnames = [
  'González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda',
  'Morales', 'Rodríguez', 'López', 'Fuentes', 'Hernández', 'Torres', 'Araya', 'Flores', 'Espinoza', 'Valenzuela',
  'Castillo', 'Tapia', 'Reyes', 'Gutiérrez', 'Castro', 'Pizarro', 'Álvarez', 'Vásquez', 'Sánchez', 'Fernández',
  'Ramírez', 'Carrasco', 'Gómez', 'Cortés', 'Herrera', 'Núñez', 'Jara', 'Vergara', 'Rivera', 'Figueroa',
] as const;

/** Display-name flourishes some escorts add after their name. */
export const displaySuffixes = ['', '', '', '', ' VIP', ' Luxury', ' Deluxe', ' Sensual', ' Glam', ' Dulce'] as const;

export const captions = [
  'Elegante, discreta y muy cariñosa. Te espero con una sonrisa.',
  'Amante de las buenas conversaciones, el vino y las noches tranquilas.',
  'Trato de polola, puntual y siempre impecable.',
  'Recién llegada a la ciudad, con ganas de conocerte. Escríbeme con respeto.',
  'Dulce, relajada y atenta a cada detalle. Solo encuentros con respeto.',
  'Me encanta arreglarme para ti. Departamento privado y cómodo.',
  'Ejecutiva de día, encantadora de noche. Discreción absoluta.',
  'Sonrisa fácil y buena onda. Agenda con anticipación.',
  'Cena, compañía y buena conversación. Atiendo en hoteles.',
  'Cariñosa y natural, sin apuros. Me gusta que todo fluya.',
  'Universitaria, tranquila y muy educada. Horario flexible.',
  'Sensual y sofisticada. Me encantan los caballeros detallistas.',
  'Morena de ojos grandes, alegre y conversadora.',
  'Rubia natural, delicada y simpática. Te hago sentir en casa.',
  'Ambiente cálido, música suave y mucha complicidad.',
  'Discreta, limpia y puntual. Escríbeme por WhatsApp.',
  'Me gusta bailar, reír y pasarlo bien. Sin malos ratos.',
  'Amable y respetuosa, para hombres y mujeres educados.',
  'Te espero con lencería fina y una copa de espumante.',
  'Viajera, curiosa y muy buena compañía para eventos.',
  'Atención exclusiva, sin reloj en mano. Solo con reserva.',
  'Trato cercano y honesto. Lo que ves es lo que hay.',
  'Noches de luna y conversación larga. Te espero.',
  'Deportista, coqueta y muy positiva.',
] as const;

export const maleCaptions = [
  'Caballero de compañía para cenas, eventos y viajes. Trato cordial.',
  'Atento, deportista y buen conversador. Discreción total.',
  'Compañía elegante para ocasiones especiales. Agenda con anticipación.',
] as const;

export const clientNames = ['Rodrigo', 'Felipe', 'Andrés', 'Gonzalo', 'Claudio', 'Patricio', 'Mauricio', 'Ricardo'] as const;

export const commentTexts = [
  'Muy amable y puntual, tal como en las fotos. Volvería sin dudarlo.',
  'Excelente trato, conversación entretenida y mucha discreción.',
  'Un siete. Todo muy limpio y agradable.',
  'Simpática y respetuosa, la recomiendo.',
  'Llegó a la hora y fue un encanto de principio a fin.',
] as const;
